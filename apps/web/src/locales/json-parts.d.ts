declare module '*.json?part=public' {
  const texts: Record<string, unknown>;
  export default texts;
}

declare module '*.json?part=app' {
  const texts: Record<string, unknown>;
  export default texts;
}

declare module '*.json?part=shell' {
  const texts: Record<string, unknown>;
  export default texts;
}
