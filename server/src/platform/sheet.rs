//! Reading an uploaded workbook without trusting it: the zip's own claims are checked before
//! anything is unpacked (a 2 KB file may claim gigabytes), and the first sheet's cells are
//! streamed one by one, never read into a range sized from the sheet's claimed dimensions
//! (calamine issue #693: a file claiming cell XFD1048576 would allocate hundreds of gigabytes).

use std::io::Cursor;

use calamine::{DataRef, Reader, Xlsx};

/// What the workbook may unpack to.
const MAX_UNPACKED: u64 = 64 * 1024 * 1024;
/// Zip entries a workbook may hold.
const MAX_ENTRIES: usize = 10_000;

/// The zip's entries must claim, and really unpack to, a sane size before calamine reads them:
/// first the central directory's claims (cheap: a 2 KB file may claim gigabytes), then every entry
/// inflated into nothing and counted, never past the allowance (a file may also claim a few bytes
/// and unpack to gigabytes; calamine keeps its shared strings whole in memory).
pub fn sane_zip(bytes: &[u8]) -> bool {
    // Central directory headers ("PK\x01\x02") carry each entry's uncompressed size at offset 24
    // (4 bytes, little endian); local headers may leave it to a trailing descriptor.
    let mut total: u64 = 0;
    let mut entries = 0;
    let mut at = 0;
    while let Some(found) = bytes[at..].windows(4).position(|w| w == b"PK\x01\x02") {
        let start = at + found;
        let Some(size) = bytes.get(start + 24..start + 28) else { return false };
        total += u64::from(u32::from_le_bytes([size[0], size[1], size[2], size[3]]));
        entries += 1;
        if total > MAX_UNPACKED || entries > MAX_ENTRIES {
            return false;
        }
        at = start + 4;
    }
    entries > 0 && unpacks_within(bytes, MAX_UNPACKED)
}

/// Whether every entry of the zip inflates without error to `allowance` bytes in all.
fn unpacks_within(bytes: &[u8], allowance: u64) -> bool {
    use std::io::Read;
    let Ok(mut archive) = zip::ZipArchive::new(Cursor::new(bytes)) else { return false };
    let mut left = allowance;
    for i in 0..archive.len() {
        let Ok(entry) = archive.by_index(i) else { return false };
        match std::io::copy(&mut entry.take(left + 1), &mut std::io::sink()) {
            Ok(n) if n <= left => left -= n,
            _ => return false,
        }
    }
    true
}

/// A sheet as text: the first row's cells, then every other row that holds anything, with its
/// Excel row number (the heading is row 1). Cells are trimmed; a row's cells stop at its last
/// filled column.
#[derive(Debug, Default)]
pub struct Sheet {
    pub headings: Vec<String>,
    pub rows: Vec<(usize, Vec<String>)>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum SheetError {
    /// Not a workbook, or one that lies about its size.
    Unreadable,
    /// More rows than the caller takes.
    TooManyRows(usize),
}

/// A cell as the text a person sees: whole numbers without a fraction, others in their shortest
/// exact form.
pub fn text(value: &DataRef<'_>) -> String {
    match value {
        DataRef::Empty | DataRef::Error(_) => String::new(),
        DataRef::String(s) | DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.trim().to_owned(),
        DataRef::SharedString(s) => s.trim().to_owned(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        DataRef::Float(f) => f.to_string(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::DateTime(d) => d.as_f64().to_string(),
    }
}

/// An uploaded workbook, opened once its zip's claims are sane; its sheets are read cell by cell.
pub struct Book(Xlsx<Cursor<Vec<u8>>>);

/// A sheet's rows that hold anything, each with its Excel row number (1-based) and its cells up to
/// its last filled column (a cell `convert` makes nothing of is `None`).
pub type Rows<T> = Vec<(usize, Vec<Option<T>>)>;

impl Book {
    pub fn open(bytes: Vec<u8>) -> Result<Book, SheetError> {
        if !sane_zip(&bytes) {
            return Err(SheetError::Unreadable);
        }
        Xlsx::new(Cursor::new(bytes)).map(Book).map_err(|_| SheetError::Unreadable)
    }

    pub fn sheet_names(&self) -> Vec<String> {
        self.0.sheet_names()
    }

    /// The rows of sheet `name` (none if there is no such sheet), at most `max_rows` of them, and
    /// `max_columns` columns (cells beyond are ignored). Streamed: whatever the sheet claims, only
    /// the cells it holds are kept.
    pub fn rows<T>(
        &mut self,
        name: &str,
        max_rows: usize,
        max_columns: u32,
        convert: impl Fn(&DataRef<'_>) -> Option<T>,
    ) -> Result<Rows<T>, SheetError> {
        if !self.0.sheet_names().iter().any(|n| n == name) {
            return Ok(Vec::new());
        }
        let mut cells = self.0.worksheet_cells_reader(name).map_err(|_| SheetError::Unreadable)?;
        let mut rows: Rows<T> = Vec::new();
        while let Some(cell) = cells.next_cell().map_err(|_| SheetError::Unreadable)? {
            let (row, column) = cell.get_position();
            if column >= max_columns {
                continue;
            }
            let Some(value) = convert(cell.get_value()) else { continue };
            let number = row as usize + 1;
            if rows.last().map(|(n, _)| *n) != Some(number) {
                if rows.len() >= max_rows {
                    return Err(SheetError::TooManyRows(max_rows));
                }
                rows.push((number, Vec::new()));
            }
            let Some((_, target)) = rows.last_mut() else { return Err(SheetError::Unreadable) };
            let column = column as usize;
            if target.len() <= column {
                target.resize_with(column + 1, || None);
            }
            target[column] = Some(value);
        }
        Ok(rows)
    }
}

/// The first sheet of `bytes`, at most `max_rows` rows below the heading and `max_columns`
/// columns (cells beyond are ignored).
pub fn first_sheet(bytes: Vec<u8>, max_rows: usize, max_columns: u32) -> Result<Sheet, SheetError> {
    let mut book = Book::open(bytes)?;
    let name = book.sheet_names().into_iter().next().ok_or(SheetError::Unreadable)?;
    let filled = |v: &DataRef<'_>| Some(text(v)).filter(|t| !t.is_empty());
    // One more row than asked: the heading.
    let rows = book.rows(&name, max_rows.saturating_add(1), max_columns, filled).map_err(|e| match e {
        SheetError::TooManyRows(_) => SheetError::TooManyRows(max_rows),
        other => other,
    })?;
    let mut sheet = Sheet::default();
    let plain = |cells: Vec<Option<String>>| cells.into_iter().map(Option::unwrap_or_default).collect::<Vec<_>>();
    for (number, cells) in rows {
        if number == 1 {
            sheet.headings = plain(cells);
        } else {
            if sheet.rows.len() >= max_rows {
                return Err(SheetError::TooManyRows(max_rows));
            }
            sheet.rows.push((number, plain(cells)));
        }
    }
    Ok(sheet)
}

/// Rows of a CSV file (UTF-8, a byte-order mark allowed) as a sheet, at most `max_rows` below the
/// heading; blank rows are skipped.
pub fn csv(bytes: &[u8], max_rows: usize) -> Result<Sheet, SheetError> {
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).map_err(|_| SheetError::Unreadable)?;
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut out = Sheet::default();
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|_| SheetError::Unreadable)?;
        let cells: Vec<String> = record.iter().map(|c| c.trim().to_owned()).collect();
        if i == 0 {
            out.headings = cells;
        } else if cells.iter().any(|c| !c.is_empty()) {
            if out.rows.len() >= max_rows {
                return Err(SheetError::TooManyRows(max_rows));
            }
            out.rows.push((i + 1, cells));
        }
    }
    Ok(out)
}

/// An upload as a sheet: an xlsx workbook's first sheet (a zip: `PK` first), else CSV.
pub fn upload(bytes: Vec<u8>, max_rows: usize, max_columns: u32) -> Result<Sheet, SheetError> {
    if bytes.starts_with(b"PK") { first_sheet(bytes, max_rows, max_columns) } else { csv(&bytes, max_rows) }
}

/// The column each heading names, by `columns`' (name, headings in lower case) pairs; headings
/// are compared trimmed and in lower case.
pub fn columns<'a>(headings: &[String], columns: &[(&'a str, &[&str])]) -> Vec<Option<&'a str>> {
    headings
        .iter()
        .map(|h| {
            let h = h.trim().to_lowercase();
            columns.iter().find(|(_, names)| names.contains(&h.as_str())).map(|(name, _)| *name)
        })
        .collect()
}
