//! Byte spans into the source text and their conversion to line and column.

/// A half-open byte range `[start, end)` into the source text of a script.
///
/// Spans are 32-bit: inputs larger than 4 GiB are rejected by the reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Line and column (both 1-based; the column counts characters) of a byte
/// offset in `source`. Offsets past the end map to the end.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let mut line = 1;
    let mut line_start = 0;
    for (i, b) in source.as_bytes()[..offset].iter().enumerate() {
        if *b == b'\n' {
            line += 1;
            line_start = i + 1;
        }
    }
    // Count characters, not bytes, so that editors agree with the column.
    let col = source
        .get(line_start..offset)
        .map(|s| s.chars().count())
        .unwrap_or(offset - line_start)
        + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        let src = "ab\ncdé\nx";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (2, 1));
        assert_eq!(line_col(src, src.find('x').unwrap()), (3, 1));
        // 'é' is two bytes but one column.
        assert_eq!(line_col(src, 7), (2, 4));
        assert_eq!(line_col(src, 1000), (3, 2));
    }
}
