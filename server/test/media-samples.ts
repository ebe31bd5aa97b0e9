// Small files of each type the channels' media rules name, built byte by byte (the signatures file-type reads), so
// tests can ask for any size: `pad` fills up to `size` bytes after the signature.
import { zipSync } from "fflate";

const pad = (head: Buffer, size: number, fill = 0) =>
  size <= head.length ? head : Buffer.concat([head, Buffer.alloc(size - head.length, fill)]);

const box = (type: string, body: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, "latin1"), body]);
};
const ftyp = (brand: string) =>
  box("ftyp", Buffer.concat([Buffer.from(brand, "latin1"), Buffer.alloc(4), Buffer.from(`${brand}isom`, "latin1")]));

function ogg(codecHead: Buffer): Buffer {
  const page = Buffer.alloc(28);
  page.write("OggS", 0, "latin1");
  page[5] = 2; // beginning of stream
  page[26] = 1; // one segment
  page[27] = codecHead.length;
  return Buffer.concat([page, codecHead]);
}

function webp(animated: boolean): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "latin1");
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = animated ? 0x02 : 0;
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write("WEBP", 8, "latin1");
  return Buffer.concat([riff, vp8x]);
}

/** An OLE2 compound file whose directory names `stream` (what Word, Excel and PowerPoint write). */
function ole2(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(512);
  Buffer.from(`Root Entry\u0000`, "utf16le").copy(directory, 0);
  Buffer.from(`${stream}\u0000`, "utf16le").copy(directory, 128);
  return Buffer.concat([header, directory]);
}

function ooxml(folder: "word" | "xl" | "ppt", main: string, contentType: string): Buffer {
  const types = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/${main}" ContentType="${contentType}"/></Types>`;
  return Buffer.from(
    zipSync({ "[Content_Types].xml": Buffer.from(types), [`${folder}/${main}`]: Buffer.from("<x/>") }, { level: 0 }),
  );
}

export const SAMPLES = {
  jpeg: (size = 1024) => pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), size),
  png: (size = 1024) =>
    pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), size),
  gif: (size = 1024) => pad(Buffer.from("GIF89a", "latin1"), size),
  pdf: (size = 1024) => pad(Buffer.from("%PDF-1.4\n", "latin1"), size, 0x20),
  mp4: (size = 1024) => pad(ftyp("mp42"), size),
  "3gp": (size = 1024) => pad(ftyp("3gp4"), size),
  m4a: (size = 1024) => pad(ftyp("M4A "), size),
  mp3: (size = 1024) => pad(Buffer.from([0xff, 0xfb, 0x90, 0x64]), size),
  amr: (size = 1024) => pad(Buffer.from("#!AMR\n", "latin1"), size),
  opus: (size = 1024) => pad(ogg(Buffer.from("OpusHead\u0001\u0002", "latin1")), size),
  vorbis: (size = 1024) => pad(ogg(Buffer.from("\u0001vorbis\u0000", "latin1")), size),
  webp: (size = 1024) => pad(webp(false), size),
  animatedWebp: (size = 1024) => pad(webp(true), size),
  txt: (size = 1024) => pad(Buffer.from("Order 1234: two shirts, one pair of jeans.\n"), size, 0x2e),
  doc: () => ole2("WordDocument"),
  xls: () => ole2("Workbook"),
  ppt: () => ole2("PowerPoint Document"),
  docx: () =>
    ooxml("word", "document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"),
  xlsx: () => ooxml("xl", "workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
  pptx: () =>
    ooxml(
      "ppt",
      "presentation.xml",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    ),
  exe: (size = 1024) => pad(Buffer.from("MZ\u0090\u0000", "latin1"), size),
} as const;

export type SampleName = keyof typeof SAMPLES;
