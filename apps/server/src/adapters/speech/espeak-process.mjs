// The local voice's own process: eSpeak NG (GPL-3.0, compiled to JavaScript by the
// @echogarden/espeak-ng-emscripten package) runs here and only here. The server talks to it at
// arm's length — a request file in, WAV files and a result file out — so the GPL program stays a
// separate program beside ours (docs/decisions/048), a stuck or cancelled synthesis is ended by
// killing this process, and its synchronous work never blocks the server's event loop.
//
// Usage: node espeak-process.mjs <request.json>
// request: { voice, rate, result, lines: [{ text, file }] }
// result:  { lines: [{ samples, sampleRate, marks: [{ kind: 'word' | 'clause-end', position, ms }] }] }
// `position` is eSpeak's 1-based character index into the text it was given.
import fs from 'node:fs';

const request = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

const { default: initialise } = await import('@echogarden/espeak-ng-emscripten');
// Emscripten prints diagnostics on stdout by default; they belong with the errors.
const espeak = await initialise({
  print: (text) => process.stderr.write(`${text}\n`),
  printErr: (text) => process.stderr.write(`${text}\n`),
});
const worker = new espeak.eSpeakNGWorker();
if (worker.set_voice(request.voice, '') !== 0) throw new Error(`eSpeak NG has no voice ${request.voice}`);
worker.set_rate(request.rate);
const sampleRate = worker.get_samplerate();

const lines = [];
for (const line of request.lines) {
  const chunks = [];
  const marks = [];
  worker.synthesize(line.text, (samples, events) => {
    if (samples && samples.length > 0) chunks.push(samples);
    for (const event of events) {
      if (event.type === 'word') marks.push({ kind: 'word', position: event.text_position, ms: event.audio_position });
      else if (event.type === 'end') marks.push({ kind: 'clause-end', position: event.text_position, ms: event.audio_position });
    }
    // Returning false asks eSpeak to go on.
    return false;
  });
  const samples = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  fs.writeFileSync(line.file, wav(chunks, samples, sampleRate));
  lines.push({ samples, sampleRate, marks });
}
fs.writeFileSync(request.result, JSON.stringify({ lines }));

/** A canonical 44-byte header and the 16-bit mono PCM eSpeak produced. */
function wav(chunks, samples, rate) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples * 2, 40);
  const body = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  return Buffer.concat([header, body]);
}
