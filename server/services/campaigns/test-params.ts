const COLUMN = /^\{\{\s*([^}]+?)\s*\}\}$/;

/** The campaign's fixed values; a `{{column}}` has no audience row in a test, so it shows as `[column]`. */
export function testParams(variables: readonly string[]): { params: string[]; columns: string[] } {
  const columns: string[] = [];
  const params = variables.map((v) => {
    const column = COLUMN.exec(v)?.[1];
    if (column === undefined) return v;
    columns.push(column);
    return `[${column}]`;
  });
  return { params, columns };
}
