import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../../..');

// pdf-parse (pdf.js) loads its worker with a dynamic import, which Jest's module sandbox does not allow; a
// plain Node process parses the PDF instead and prints its text.
const SCRIPT = `
import { PDFParse } from 'pdf-parse';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
try {
  process.stdout.write((await parser.getText()).text);
} finally {
  await parser.destroy();
}
`;

/** The text of a PDF as pdf-parse reads it back, runs of spaces and tabs made single spaces. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: WORKSPACE, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`pdf-parse failed: ${stderr || err.message}`));
      else done(stdout.replace(/[ \t]+/g, ' '));
    });
    child.stdin?.end(pdf);
  });
}
