//! CSV tables edited as text: a column put first on every line, empty columns left out.

use anyhow::{Context, Result};

/// `csv` with the column `run` first, `run` on every line (as it was where it has one).
pub fn with_run(csv: &[u8], run: &str) -> Result<Vec<u8>> {
    let mut r = csv::Reader::from_reader(csv);
    let head = r.headers()?.clone();
    if head.iter().next() == Some("run") || head.is_empty() {
        return Ok(csv.to_vec());
    }
    let mut w = csv::Writer::from_writer(Vec::with_capacity(csv.len() + 16 * 1024));
    w.write_record(std::iter::once("run").chain(head.iter()))?;
    for row in r.records() {
        let row = row?;
        w.write_record(std::iter::once(run).chain(row.iter()))?;
    }
    w.into_inner().context("flushing a CSV table")
}

/// `csv` without those of `columns` that are empty in every row (all kept when there is no row).
pub fn drop_empty(csv: &[u8], columns: &[&str]) -> Result<Vec<u8>> {
    let mut r = csv::Reader::from_reader(csv);
    let head = r.headers()?.clone();
    let rows: Vec<csv::StringRecord> = r.records().collect::<std::result::Result<_, _>>()?;
    if rows.is_empty() {
        return Ok(csv.to_vec());
    }
    let keep: Vec<usize> = (0..head.len())
        .filter(|&i| {
            !columns.contains(&&head[i])
                || rows.iter().any(|row| !row.get(i).unwrap_or("").is_empty())
        })
        .collect();
    if keep.len() == head.len() {
        return Ok(csv.to_vec());
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(keep.iter().map(|&i| &head[i]))?;
    for row in &rows {
        w.write_record(keep.iter().map(|&i| row.get(i).unwrap_or("")))?;
    }
    w.into_inner().context("flushing a CSV table")
}
