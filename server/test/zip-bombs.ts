// Zip bombs for the upload tests, made here rather than shipped: a small file whose entries inflate to far more than
// it holds, and the same with the sizes its headers declare turned into lies.
import { zipSync } from "fflate";

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

const text = (s: string) => new TextEncoder().encode(s);

/** A .docx whose document.xml is `xmlMb` MB of one repeated paragraph: the shape of the report's 62 KB → 20 MB file. */
export function docxBomb(xmlMb = 20): Buffer {
  const paragraph = `<w:p><w:r><w:t>${"Refunds take five days. ".repeat(20)}</w:t></w:r></w:p>`;
  const count = Math.ceil((xmlMb * 1024 * 1024) / paragraph.length);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${paragraph.repeat(count)}</w:body></w:document>`;
  return Buffer.from(
    zipSync(
      { "[Content_Types].xml": text(CONTENT_TYPES), "_rels/.rels": text(RELS), "word/document.xml": text(xml) },
      { level: 9 },
    ),
  );
}

/** An .xlsx-shaped zip whose sheet is `mb` MB of the same row. */
export function xlsxBomb(mb = 200): Buffer {
  const row = '<row><c t="inlineStr"><is><t>9876543210</t></is></c></row>';
  const sheet = new Uint8Array(mb * 1024 * 1024);
  const unit = text(row);
  for (let at = 0; at + unit.length <= sheet.length; at += unit.length) sheet.set(unit, at);
  return Buffer.from(
    zipSync({ "[Content_Types].xml": text(CONTENT_TYPES), "xl/worksheets/sheet1.xml": sheet }, { level: 9 }),
  );
}

/**
 * The same archive with every entry's declared uncompressed size (local header and central directory) set to
 * `declared` bytes: a reader that trusts the headers would expect a tiny file.
 */
export function withLyingSizes(zip: Buffer, declared = 100): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 4 <= out.length; at++) {
    const sig = out.readUInt32LE(at);
    if (sig === 0x04034b50) out.writeUInt32LE(declared, at + 22);
    else if (sig === 0x02014b50) out.writeUInt32LE(declared, at + 24);
  }
  return out;
}

const SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XLSX_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';

/**
 * A real (if minimal) workbook whose shared strings are `mb` MB of `<si>` items made by `item(i)`: inside the ratio
 * limit when the items vary, so only a cap on what the shared strings unpack to (or on the reader's memory) stops it.
 * The sheet says "phone" over a number, so the same workbook with little text reads as a valid list.
 */
export function xlsxWithSharedStrings(mb: number, item: (i: number) => string): Buffer {
  // One block of up to 4 MB of items, repeated: far apart enough that deflate (a 32 KB window) cannot use the repeats,
  // and quick to make at hundreds of MB.
  const want = mb * 1024 * 1024;
  let block = "";
  for (let i = 0; block.length < Math.min(want, 4 * 1024 * 1024); i++) block += `<si>${item(i)}</si>`;
  const head = text(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}">`);
  const body = text(block);
  const tail = text("</sst>");
  const copies = Math.ceil(want / body.length);
  const shared = new Uint8Array(head.length + copies * body.length + tail.length);
  shared.set(head, 0);
  for (let c = 0; c < copies; c++) shared.set(body, head.length + c * body.length);
  shared.set(tail, head.length + copies * body.length);
  const sheet =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c></row><row r="2"><c r="A2"><v>9876543210</v></c></row>';
  return workbook(text(sheetXml(sheet)), shared);
}

/**
 * A workbook of `count` rows, each a number (9000000000 + i) and the text "N<i>": made quickly at any size. Its shared
 * strings come before the sheet, so exceljs streams the sheet as it arrives (a sheet before them is spooled to disk).
 */
export function xlsxOfRows(count: number): Buffer {
  let rows = "";
  for (let i = 1; i <= count; i++)
    rows += `<row r="${i}"><c r="A${i}"><v>${9000000000 + i}</v></c><c r="B${i}" t="inlineStr"><is><t>N${i}</t></is></c></row>`;
  return workbook(
    text(sheetXml(rows)),
    text(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SHEET_NS}"><si><t>unused</t></si></sst>`),
  );
}

const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${rows}</sheetData></worksheet>`;

function workbook(sheet: Uint8Array, shared?: Uint8Array): Buffer {
  return Buffer.from(
    zipSync(
      {
        "[Content_Types].xml": text(XLSX_TYPES),
        "_rels/.rels": text(RELS.replace("word/document.xml", "xl/workbook.xml")),
        "xl/workbook.xml": text(
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        "xl/_rels/workbook.xml.rels": text(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        ),
        ...(shared ? { "xl/sharedStrings.xml": shared } : {}),
        "xl/worksheets/sheet1.xml": sheet,
      },
      { level: 1 },
    ),
  );
}
