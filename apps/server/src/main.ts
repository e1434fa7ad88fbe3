import { buildApp } from './app';
import { loadConfig } from './core/config';
import { loginsOnDefaultPassword } from './seed/default-passwords';
import { formatLogins, seedDatabase } from './seed/seed';

const config = loadConfig();
const app = await buildApp(config);

const logins = await seedDatabase(app.database.db, {
  masterEmail: config.masterEmail,
  masterPassword: config.masterPassword,
  seedDemo: config.seedDemo,
  demo: { secretKey: config.secretKey, dataDir: config.dataDir, logger: app.log, history: true },
});
if (logins.length > 0) {
  // Printed once, on the first start of an empty database, so the first person can sign in.
  process.stdout.write(`\nConversa is seeded. Sign in with:\n${formatLogins(logins)}\n\n`);
}

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: app.database.kind, publicUrl: config.publicUrl }, 'Conversa is running');

if (logins.length === 0) {
  // Later starts print no password again; one line reminds the operator while a seeded one is still known.
  const unchanged = await loginsOnDefaultPassword(app.database.db, config.masterEmail);
  if (unchanged.length > 0) {
    app.log.warn(
      { logins: unchanged },
      'these seeded logins still have the password printed on the first start: change it before others can reach this server',
    );
  }
}

let isStopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'stopping');
  // With REDIS_URL another node may still ask this one who is connected while it closes; the Redis adapter
  // answers through a client that is already closed and does not catch the rejection. Nothing is lost by
  // that answer going missing, so it must not turn a clean stop into a crash.
  process.on('unhandledRejection', (reason) => app.log.warn({ err: reason }, 'ignored while stopping'));
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'stop failed');
    process.exit(1);
  }
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
