// Reads QR codes back with jsQR, an independent decoder (tools/qr_codes.py): each line of
// stdin is a JSON matrix (rows of 0/1); each line of stdout "=" and the bytes jsQR read, as
// hex, or "-" where it read nothing.
import jsQR from "../node_modules/jsqr/dist/jsQR.js";
import { createInterface } from "node:readline";

const SCALE = 4, QUIET = 4;
for await (const line of createInterface({ input: process.stdin })) {
  const rows = JSON.parse(line);
  const side = (rows.length + 2 * QUIET) * SCALE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  rows.forEach((row, y) => row.forEach((dark, x) => {
    if (!dark) return;
    for (let dy = 0; dy < SCALE; dy++) for (let dx = 0; dx < SCALE; dx++) {
      const at = (((y + QUIET) * SCALE + dy) * side + (x + QUIET) * SCALE + dx) * 4;
      pixels.fill(0, at, at + 3);
    }
  }));
  const code = jsQR(pixels, side, side, { inversionAttempts: "dontInvert" });
  console.log(code ? "=" + Buffer.from(code.binaryData).toString("hex") : "-");
}
