// Development: the API with reload on change (port 3000) and Vite's dev server with hot reload
// (port 5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@nearcast/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@nearcast/web'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
