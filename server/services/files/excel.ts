import type ExcelJS from "exceljs";

/**
 * exceljs, loaded on the first spreadsheet read or written rather than at start-up: it is the heaviest package the
 * server uses (about 30 MB resident once loaded), and most servers go hours without an .xlsx.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import("exceljs")).default;
}
