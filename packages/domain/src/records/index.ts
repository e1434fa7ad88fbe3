export * from './audit-log';
export * from './bulk';
export * from './contact-fields';
export * from './lead';
export * from './list-dinamic';
export * from './module-fields';
export * from './record-fields';
export * from './view';
