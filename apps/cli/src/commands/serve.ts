/** kontor serve: starts the HTTP service with the environment's configuration. */
import { loadConfig, startServer } from '@kontor/api';
import { parse, type Command } from '../command';

export const serveCommands: Command[] = [
  {
    name: 'serve',
    summary: 'Start the HTTP service (configuration from the environment, see README)',
    usage: 'kontor serve [--port N]',
    async run(argv, io) {
      const { values } = parse(argv, { port: { type: 'string' } }, false);
      const cfg = loadConfig({ ...io.env, ...(values.port ? { PORT: values.port } : {}) }, io.cwd);
      const running = await startServer(cfg, io.stdout);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await running.close();
      return 0;
    },
  },
];
