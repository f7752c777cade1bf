// Long by nature: one self-contained codec whose decoding, block turns and encoding share tables.
//! Lossless rotation of a baseline JPEG for its EXIF orientation, as jpegtran does it: the
//! scan is entropy-decoded to quantised DCT coefficient blocks, every block is moved to its
//! place on the turned grid and transformed in the frequency domain (a transpose swaps the
//! horizontal and vertical frequencies; a mirror negates the odd frequencies along its axis),
//! and the blocks are entropy-coded again. No pixel is decoded, so nothing is lost.
//!
//! Only exact cases are taken: one interleaved baseline Huffman scan (or a single grey
//! component), 8-bit, 1 or 3 components, and — for a mirror that brings the right or bottom
//! edge to the left or top — a side that is a whole number of MCUs, since the padding blocks
//! beyond that edge would otherwise land inside the picture. Everything else is left to the
//! caller's decode-and-re-encode path.
//!
//! The new scan uses the typical Huffman tables of the JPEG standard (Annex K), which have a
//! code for every baseline symbol, so a single pass suffices. Every row of MCUs is a restart
//! interval, which lets two threads code the two halves of the picture.
//!
//! Kept whole: one algorithm (decode coefficients, move blocks, re-encode) whose parts share the
//! bit reader and tables.

use std::ops::Range;

use image::metadata::Orientation;

use crate::intake::{IntakeError, Segment};

/// The natural (row-major) index of each zigzag position.
const ZIGZAG: [u8; 64] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59,
    52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/// The standard's typical tables: code counts per length (1–16 bits), then symbols.
const LUMA_DC: ([u8; 16], &[u8]) = (
    [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
    &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
);
const CHROMA_DC: ([u8; 16], &[u8]) = (
    [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
    &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
);
const LUMA_AC: ([u8; 16], &[u8]) = (
    [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
    &[
        0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
        0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52,
        0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25,
        0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45,
        0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64,
        0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83,
        0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99,
        0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6,
        0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3,
        0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8,
        0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA,
    ],
);
const CHROMA_AC: ([u8; 16], &[u8]) = (
    [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
    &[
        0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61,
        0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33,
        0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18,
        0x19, 0x1A, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44,
        0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63,
        0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A,
        0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97,
        0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4,
        0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA,
        0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7,
        0xE8, 0xE9, 0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFA,
    ],
);

/// An orientation as a transpose followed by mirrors of the turned picture: the source of
/// destination (x, y) is (x, y) after the mirrors, swapped if transposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Turn {
    transpose: bool,
    mirror_x: bool,
    mirror_y: bool,
}

impl Turn {
    fn of(orientation: Orientation) -> Option<Turn> {
        let (transpose, mirror_x, mirror_y) = match orientation {
            Orientation::NoTransforms => return None,
            Orientation::FlipHorizontal => (false, true, false),
            Orientation::FlipVertical => (false, false, true),
            Orientation::Rotate180 => (false, true, true),
            Orientation::Rotate90FlipH => (true, false, false),
            Orientation::Rotate90 => (true, true, false),
            Orientation::Rotate270FlipH => (true, true, true),
            Orientation::Rotate270 => (true, false, true),
        };
        Some(Turn {
            transpose,
            mirror_x,
            mirror_y,
        })
    }

    /// For each destination zigzag position: the source's zigzag position and the sign.
    fn coefficient_map(self) -> ([u8; 64], [i16; 64]) {
        let mut unzigzag = [0u8; 64];
        for (k, &natural) in ZIGZAG.iter().enumerate() {
            unzigzag[usize::from(natural)] = k as u8;
        }
        let mut from = [0u8; 64];
        let mut sign = [1i16; 64];
        for k in 0..64 {
            let (v, u) = (ZIGZAG[k] / 8, ZIGZAG[k] % 8);
            let source = if self.transpose { u * 8 + v } else { v * 8 + u };
            from[k] = unzigzag[usize::from(source)];
            let odd = (self.mirror_x && u % 2 == 1) != (self.mirror_y && v % 2 == 1);
            sign[k] = if odd { -1 } else { 1 };
        }
        (from, sign)
    }

    /// A quantisation table (zigzag order) as the turned blocks need it.
    fn table(self, table: &[u16; 64]) -> [u16; 64] {
        let (from, _) = self.coefficient_map();
        from.map(|k| table[usize::from(k)])
    }
}

#[derive(Debug, Clone, Copy)]
struct Component {
    id: u8,
    h: usize,
    v: usize,
    quant: usize,
    dc: usize,
    ac: usize,
    /// The coded grid in blocks, padding included.
    blocks_wide: usize,
    blocks_high: usize,
}

impl Component {
    /// Sampling factors and coded grid (blocks across, down) in the turned picture.
    fn turned(&self, turn: Turn) -> (usize, usize, usize, usize) {
        if turn.transpose {
            (self.v, self.h, self.blocks_high, self.blocks_wide)
        } else {
            (self.h, self.v, self.blocks_wide, self.blocks_high)
        }
    }
}

/// A Huffman table for decoding: a 9-bit lookup for the common short codes, and the
/// canonical code ranges for the rest.
struct HuffmanDecoder {
    /// `length << 8 | symbol`, or 0 for a code longer than the lookup.
    lookup: Box<[u16; 1 << LOOKUP_BITS]>,
    /// The largest code of each length (-1 when there is none), and where its symbols start.
    max_code: [i32; 17],
    offset: [i32; 17],
    symbols: Vec<u8>,
    /// For AC tables: when a code and its coefficient's bits fit in the lookup's 9 bits,
    /// `run << 4 | bits used` (0 otherwise) and the coefficient, decoded in one step.
    short_ac: Box<[(u8, i16); 1 << LOOKUP_BITS]>,
}

const LOOKUP_BITS: u32 = 9;

impl HuffmanDecoder {
    fn new(counts: &[u8; 16], symbols: &[u8]) -> Result<HuffmanDecoder, IntakeError> {
        let mut lookup = Box::new([0u16; 1 << LOOKUP_BITS]);
        let mut max_code = [-1i32; 17];
        let mut offset = [0i32; 17];
        let (mut code, mut index) = (0u32, 0usize);
        for length in 1..=16u32 {
            let count = usize::from(counts[length as usize - 1]);
            offset[length as usize] = index as i32 - code as i32;
            for _ in 0..count {
                if code >= 1 << length {
                    return Err(IntakeError::Corrupted);
                }
                let symbol = *symbols.get(index).ok_or(IntakeError::Corrupted)?;
                if length <= LOOKUP_BITS {
                    let shift = LOOKUP_BITS - length;
                    let first = (code << shift) as usize;
                    for entry in &mut lookup[first..first + (1 << shift)] {
                        *entry = (length as u16) << 8 | u16::from(symbol);
                    }
                }
                code += 1;
                index += 1;
            }
            if count > 0 {
                max_code[length as usize] = code as i32 - 1;
            }
            code <<= 1;
        }
        let mut short_ac = Box::new([(0u8, 0i16); 1 << LOOKUP_BITS]);
        for (index, entry) in lookup.iter().enumerate() {
            let (length, symbol) = (u32::from(entry >> 8), *entry as u8);
            let (run, size) = (symbol >> 4, u32::from(symbol & 15));
            if length == 0 || size == 0 || length + size > LOOKUP_BITS {
                continue;
            }
            let bits = (index as i32 >> (LOOKUP_BITS - length - size)) & ((1 << size) - 1);
            let value = if bits < 1 << (size - 1) {
                bits - (1 << size) + 1
            } else {
                bits
            };
            short_ac[index] = (run << 4 | (length + size) as u8, value as i16);
        }
        Ok(HuffmanDecoder {
            short_ac,
            lookup,
            max_code,
            offset,
            symbols: symbols[..index].to_vec(),
        })
    }
}

/// Reads the entropy-coded bits: stuffed zero bytes are dropped, and at a marker only zero
/// bits follow (counted, so that reading into them shows as a truncated scan).
struct BitReader<'a> {
    data: &'a [u8],
    at: usize,
    /// Most significant bit first.
    bits: u64,
    count: u32,
    at_marker: bool,
    /// Zero bytes fed in after the data ran out.
    phantom: u32,
}

impl<'a> BitReader<'a> {
    fn new(data: &'a [u8]) -> BitReader<'a> {
        BitReader {
            data,
            at: 0,
            bits: 0,
            count: 0,
            at_marker: false,
            phantom: 0,
        }
    }

    #[inline]
    fn refill(&mut self) {
        // Fast path: the next eight bytes hold no 0xFF (neither stuffing nor a marker), so
        // as many whole bytes as fit go in at once. The bits past `count` are then the data
        // that follows, which the byte-wise path would put there too.
        if let Some(next) = self.data.get(self.at..self.at + 8) {
            let word = u64::from_be_bytes(next.try_into().expect("eight bytes"));
            let inverted = !word;
            let has_ff =
                inverted.wrapping_sub(0x0101_0101_0101_0101) & !inverted & 0x8080_8080_8080_8080;
            if has_ff == 0 && !self.at_marker {
                let bytes = (63 - self.count) / 8;
                self.bits |= word >> self.count;
                self.at += bytes as usize;
                self.count += bytes * 8;
                return;
            }
        }
        while self.count <= 56 {
            let byte = if self.at_marker {
                self.phantom += 1;
                0
            } else {
                match (self.data.get(self.at), self.data.get(self.at + 1)) {
                    (Some(0xFF), Some(0x00)) => {
                        self.at += 2;
                        0xFF
                    }
                    (Some(0xFF), _) | (None, _) => {
                        self.at_marker = true;
                        self.phantom += 1;
                        0
                    }
                    (Some(&byte), _) => {
                        self.at += 1;
                        byte
                    }
                }
            };
            self.bits |= u64::from(byte) << (56 - self.count);
            self.count += 8;
        }
    }

    #[inline]
    fn take(&mut self, n: u32) -> u32 {
        let value = (self.bits >> (64 - n)) as u32;
        self.bits <<= n;
        self.count -= n;
        value
    }

    #[inline(always)]
    fn symbol(&mut self, table: &HuffmanDecoder) -> Result<u8, IntakeError> {
        if self.count < 32 {
            self.refill();
        }
        let entry = table.lookup[(self.bits >> (64 - LOOKUP_BITS)) as usize];
        if entry != 0 {
            self.bits <<= entry >> 8;
            self.count -= u32::from(entry >> 8);
            return Ok(entry as u8);
        }
        let peek = (self.bits >> 48) as i32;
        for length in LOOKUP_BITS as usize + 1..=16 {
            let code = peek >> (16 - length);
            if code <= table.max_code[length] {
                self.take(length as u32);
                return table
                    .symbols
                    .get((table.offset[length] + code) as usize)
                    .copied()
                    .ok_or(IntakeError::Corrupted);
            }
        }
        Err(IntakeError::Corrupted)
    }

    /// A coefficient of `size` bits (1–11), sign-extended the JPEG way.
    #[inline]
    fn value(&mut self, size: u8) -> i32 {
        if self.count < 16 {
            self.refill();
        }
        let bits = self.take(u32::from(size)) as i32;
        if bits < 1 << (size - 1) {
            bits - (1 << size) + 1
        } else {
            bits
        }
    }

    /// Whether everything read so far was real data.
    fn within_data(&self) -> bool {
        self.count >= self.phantom * 8
    }

    /// Ends a restart interval: only the padding of the last byte may be left, then the
    /// expected RST marker must follow.
    fn restart(&mut self, number: u8) -> Result<(), IntakeError> {
        let unread_data = self.count.saturating_sub(self.phantom * 8);
        if !self.within_data() || unread_data >= 8 {
            return Err(IntakeError::Corrupted);
        }
        let mut at = self.at;
        while self.data.get(at) == Some(&0xFF) && self.data.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        if self.data.get(at..at + 2) != Some(&[0xFF, 0xD0 + number]) {
            return Err(IntakeError::Corrupted);
        }
        let data = self.data;
        *self = BitReader::new(&data[at + 2..]);
        Ok(())
    }
}

/// Writes entropy-coded bits with 0xFF bytes stuffed.
struct BitWriter {
    out: Vec<u8>,
    bits: u64,
    count: u32,
}

impl BitWriter {
    #[inline(always)]
    fn put(&mut self, code: u32, length: u32) {
        self.bits = self.bits << length | u64::from(code);
        self.count += length;
        if self.count >= 32 {
            self.count -= 32;
            let word = (self.bits >> self.count) as u32;
            let inverted = !word;
            let has_ff = inverted.wrapping_sub(0x0101_0101) & !inverted & 0x8080_8080 != 0;
            if has_ff {
                for byte in word.to_be_bytes() {
                    self.out.push(byte);
                    if byte == 0xFF {
                        self.out.push(0);
                    }
                }
            } else {
                self.out.extend_from_slice(&word.to_be_bytes());
            }
        }
    }

    /// Pads the last byte with one bits and writes out what is left, ending a restart
    /// interval or the scan.
    fn align(&mut self) {
        let pad = (8 - self.count % 8) % 8;
        self.bits = self.bits << pad | ((1 << pad) - 1);
        self.count += pad;
        while self.count > 0 {
            self.count -= 8;
            let byte = (self.bits >> self.count) as u8;
            self.out.push(byte);
            if byte == 0xFF {
                self.out.push(0);
            }
        }
    }
}

/// A Huffman table for encoding: each symbol's code and length.
struct HuffmanEncoder {
    codes: [(u16, u8); 256],
}

impl HuffmanEncoder {
    fn new((counts, symbols): &([u8; 16], &[u8])) -> HuffmanEncoder {
        let mut codes = [(0, 0); 256];
        let (mut code, mut index) = (0u16, 0);
        for (length, &count) in (1..=16u8).zip(counts) {
            for _ in 0..count {
                codes[usize::from(symbols[index])] = (code, length);
                code += 1;
                index += 1;
            }
            code <<= 1;
        }
        HuffmanEncoder { codes }
    }

    #[inline]
    fn put(&self, writer: &mut BitWriter, symbol: u8) {
        let (code, length) = self.codes[usize::from(symbol)];
        writer.put(u32::from(code), u32::from(length));
    }

    /// A symbol followed by `size` bits of its coefficient (one write: at most 27 bits).
    #[inline]
    fn put_with(&self, writer: &mut BitWriter, symbol: u8, bits: u32, size: u32) {
        let (code, length) = self.codes[usize::from(symbol)];
        writer.put(u32::from(code) << size | bits, u32::from(length) + size);
    }
}

/// The number of bits of a coefficient's magnitude (its JPEG size category).
#[inline]
fn size_of(value: i32) -> u32 {
    32 - value.unsigned_abs().leading_zeros()
}

/// A parsed baseline JPEG that can be turned losslessly.
pub(crate) struct Rotation<'a> {
    turn: Turn,
    width: u16,
    height: u16,
    frame_marker: u8,
    components: Vec<Component>,
    /// Precision (0: 8-bit, 1: 16-bit) and values in zigzag order.
    quant: [Option<(u8, [u16; 64])>; 4],
    dc: [Option<HuffmanDecoder>; 4],
    ac: [Option<HuffmanDecoder>; 4],
    restart_interval: usize,
    /// MCUs across and down; a lone component's MCU is one block.
    mcus_wide: usize,
    mcus_high: usize,
    scan: &'a [u8],
}

fn be16(bytes: &[u8], at: usize) -> Result<usize, IntakeError> {
    bytes
        .get(at..at + 2)
        .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
        .ok_or(IntakeError::Corrupted)
}

fn byte(bytes: &[u8], at: usize) -> Result<u8, IntakeError> {
    bytes.get(at).copied().ok_or(IntakeError::Corrupted)
}

impl<'a> Rotation<'a> {
    /// Reads the headers of `bytes` (a JPEG up to EOI, `segments` its marker segments).
    /// `None` when the JPEG cannot be turned exactly; an error when its tables are malformed.
    pub(crate) fn plan(
        bytes: &'a [u8],
        segments: &[Segment],
        orientation: Orientation,
    ) -> Result<Option<Rotation<'a>>, IntakeError> {
        let Some(turn) = Turn::of(orientation) else {
            return Ok(None);
        };
        let mut quant = [None; 4];
        let mut dc = [None, None, None, None];
        let mut ac = [None, None, None, None];
        let mut frame = None;
        let mut restart_interval = 0;
        let mut scan = None;
        for (i, segment) in segments.iter().enumerate() {
            let payload = segment.payload(bytes);
            if scan.is_some() {
                // Metadata may follow the scan; a second scan or new tables may not.
                if matches!(segment.marker, 0xE0..=0xEF | 0xFE) {
                    continue;
                }
                return Ok(None);
            }
            match segment.marker {
                0xDB => read_quant_tables(payload, &mut quant)?,
                0xC4 => read_huffman_tables(payload, &mut dc, &mut ac)?,
                // The first frame header is the one whose size intake has checked.
                0xC0 | 0xC1 if frame.is_none() => frame = Some((segment.marker, payload)),
                0xDD => restart_interval = be16(payload, 0)?,
                0xDA => {
                    let end = segments
                        .get(i + 1)
                        .map_or(bytes.len() - 2, |next| next.start);
                    scan = Some((payload, &bytes[segment.end..end.max(segment.end)]));
                }
                0xE0..=0xEF | 0xFE => {}
                // Progressive, lossless, arithmetic-coded, hierarchical, a second frame,
                // height set after the scan.
                _ => return Ok(None),
            }
        }
        let (Some((frame_marker, frame)), Some((scan_header, scan))) = (frame, scan) else {
            return Ok(None);
        };
        if byte(frame, 0)? != 8 {
            return Ok(None);
        }
        let height = be16(frame, 1)?;
        let width = be16(frame, 3)?;
        let count = usize::from(byte(frame, 5)?);
        if !matches!(count, 1 | 3) || width == 0 || height == 0 {
            return Ok(None);
        }
        let mut components = Vec::with_capacity(count);
        for c in 0..count {
            let sampling = byte(frame, 7 + 3 * c)?;
            let (h, v) = (usize::from(sampling >> 4), usize::from(sampling & 15));
            let quant = usize::from(byte(frame, 8 + 3 * c)?);
            if !(1..=4).contains(&h) || !(1..=4).contains(&v) || quant > 3 {
                return Ok(None);
            }
            components.push(Component {
                id: byte(frame, 6 + 3 * c)?,
                // A lone component is coded block by block whatever its factors say.
                h: if count == 1 { 1 } else { h },
                v: if count == 1 { 1 } else { v },
                quant,
                dc: 0,
                ac: 0,
                blocks_wide: 0,
                blocks_high: 0,
            });
        }
        let h_max = components.iter().map(|c| c.h).max().unwrap_or(1);
        let v_max = components.iter().map(|c| c.v).max().unwrap_or(1);
        let blocks_per_mcu: usize = components.iter().map(|c| c.h * c.v).sum();
        if blocks_per_mcu > 10
            || components
                .iter()
                .any(|c| h_max % c.h != 0 || v_max % c.v != 0)
        {
            return Ok(None);
        }
        let mcus_wide = width.div_ceil(8 * h_max);
        let mcus_high = height.div_ceil(8 * v_max);
        for c in &mut components {
            c.blocks_wide = mcus_wide * c.h;
            c.blocks_high = mcus_high * c.v;
        }
        // Mirrored sides must be whole MCUs of the turned picture.
        let (turned_width, turned_mcu_width, turned_height, turned_mcu_height) = if turn.transpose {
            (height, 8 * v_max, width, 8 * h_max)
        } else {
            (width, 8 * h_max, height, 8 * v_max)
        };
        if (turn.mirror_x && turned_width % turned_mcu_width != 0)
            || (turn.mirror_y && turned_height % turned_mcu_height != 0)
        {
            return Ok(None);
        }

        // One scan with every component, in frame order, over all 64 coefficients.
        if usize::from(byte(scan_header, 0)?) != count {
            return Ok(None);
        }
        for (c, component) in components.iter_mut().enumerate() {
            if byte(scan_header, 1 + 2 * c)? != component.id {
                return Ok(None);
            }
            let tables = byte(scan_header, 2 + 2 * c)?;
            component.dc = usize::from(tables >> 4);
            component.ac = usize::from(tables & 15);
            if component.dc > 3
                || component.ac > 3
                || dc[component.dc].is_none()
                || ac[component.ac].is_none()
                || quant[component.quant].is_none()
            {
                return Err(IntakeError::Corrupted);
            }
        }
        let at = 1 + 2 * count;
        if scan_header.get(at..at + 3) != Some(&[0, 63, 0]) {
            return Err(IntakeError::Corrupted);
        }
        Ok(Some(Rotation {
            turn,
            width: width as u16,
            height: height as u16,
            frame_marker,
            components,
            quant,
            dc,
            ac,
            restart_interval,
            mcus_wide,
            mcus_high,
            scan,
        }))
    }

    /// The turned JPEG: SOI, `metadata` (whole APPn segments, kept as they are), the
    /// turned tables and frame, the new scan, EOI. `None` when a coefficient cannot be
    /// coded by the standard tables (not a valid 8-bit image, though a decoder may show it).
    pub(crate) fn apply(&self, metadata: &[&[u8]]) -> Result<Option<Vec<u8>>, IntakeError> {
        let blocks = self.decode()?;
        let mut out = Vec::with_capacity(self.scan.len() + self.scan.len() / 8 + 4096);
        out.extend_from_slice(&[0xFF, 0xD8]);
        for segment in metadata {
            out.extend_from_slice(segment);
        }
        self.write_headers(&mut out);
        let Some(mut out) = self.encode(&blocks, out) else {
            return Ok(None);
        };
        out.extend_from_slice(&[0xFF, 0xD9]);
        Ok(Some(out))
    }

    /// Every component's blocks already turned: each block is decoded, transformed and
    /// stored at its place in the turned grid, row by row, coefficients in zigzag order. The
    /// scattered writes overlap with the decoding; the encoder then reads in order (reading
    /// a quarter-turned grid column-wise instead costs a cache and TLB miss per block).
    fn decode(&self) -> Result<Vec<Vec<i16>>, IntakeError> {
        let (from, sign) = self.turn.coefficient_map();
        let turn = self.turn;
        let mut blocks: Vec<Vec<i16>> = self
            .components
            .iter()
            .map(|c| vec![0i16; c.blocks_wide * c.blocks_high * 64])
            .collect();
        let tables: Vec<(&HuffmanDecoder, &HuffmanDecoder)> = self
            .components
            .iter()
            .map(|c| {
                (
                    self.dc[c.dc].as_ref().expect("checked in plan"),
                    self.ac[c.ac].as_ref().expect("checked in plan"),
                )
            })
            .collect();
        let mut reader = BitReader::new(self.scan);
        let mut predictions = vec![0i32; self.components.len()];
        let mut block = [0i16; 64];
        let (mcus_wide, total) = (self.mcus_wide, self.mcus_wide * self.mcus_high);
        for mcu in 0..total {
            if self.restart_interval > 0 && mcu > 0 && mcu % self.restart_interval == 0 {
                reader.restart(((mcu / self.restart_interval - 1) % 8) as u8)?;
                predictions.fill(0);
            }
            let (mx, my) = (mcu % mcus_wide, mcu / mcus_wide);
            for (c, component) in self.components.iter().enumerate() {
                let (dc, ac) = tables[c];
                let (_, _, wide, high) = component.turned(turn);
                for by in my * component.v..(my + 1) * component.v {
                    for bx in mx * component.h..(mx + 1) * component.h {
                        block.fill(0);
                        decode_block(&mut reader, dc, ac, &mut predictions[c], &mut block)?;
                        let (a, b) = if turn.transpose { (by, bx) } else { (bx, by) };
                        let x = if turn.mirror_x { wide - 1 - a } else { a };
                        let y = if turn.mirror_y { high - 1 - b } else { b };
                        let at = (y * wide + x) * 64;
                        // Turned in place, then stored with a few wide writes: the destination
                        // is rarely cached, and 64 narrow stores to it fill the store buffer.
                        let turned: [i16; 64] =
                            std::array::from_fn(|k| block[usize::from(from[k])] * sign[k]);
                        blocks[c][at..at + 64].copy_from_slice(&turned);
                    }
                }
            }
        }
        if !reader.within_data() {
            return Err(IntakeError::Corrupted);
        }
        Ok(blocks)
    }

    fn write_headers(&self, out: &mut Vec<u8>) {
        let segment = |out: &mut Vec<u8>, marker: u8, payload: &[u8]| {
            out.extend_from_slice(&[0xFF, marker]);
            out.extend_from_slice(&(payload.len() as u16 + 2).to_be_bytes());
            out.extend_from_slice(payload);
        };
        for (id, table) in self.quant.iter().enumerate() {
            let Some((precision, values)) = table else {
                continue;
            };
            let mut payload = vec![precision << 4 | id as u8];
            for value in self.turn.table(values) {
                if *precision == 0 {
                    payload.push(value as u8);
                } else {
                    payload.extend_from_slice(&value.to_be_bytes());
                }
            }
            segment(out, 0xDB, &payload);
        }
        let (width, height) = if self.turn.transpose {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        };
        let mut frame = vec![8];
        frame.extend_from_slice(&height.to_be_bytes());
        frame.extend_from_slice(&width.to_be_bytes());
        frame.push(self.components.len() as u8);
        for c in &self.components {
            let (h, v, _, _) = c.turned(self.turn);
            frame.extend_from_slice(&[c.id, (h << 4 | v) as u8, c.quant as u8]);
        }
        segment(out, self.frame_marker, &frame);
        let mut huffman = Vec::new();
        for (class_id, (counts, symbols)) in [
            (0x00, LUMA_DC),
            (0x10, LUMA_AC),
            (0x01, CHROMA_DC),
            (0x11, CHROMA_AC),
        ]
        .into_iter()
        .take(if self.components.len() == 1 { 2 } else { 4 })
        {
            huffman.push(class_id);
            huffman.extend_from_slice(&counts);
            huffman.extend_from_slice(symbols);
        }
        segment(out, 0xC4, &huffman);
        let (mcus_wide, _) = self.turned_mcus();
        segment(out, 0xDD, &(mcus_wide as u16).to_be_bytes());
        let mut scan = vec![self.components.len() as u8];
        for (i, c) in self.components.iter().enumerate() {
            let table = u8::from(i > 0);
            scan.extend_from_slice(&[c.id, table << 4 | table]);
        }
        scan.extend_from_slice(&[0, 63, 0]);
        segment(out, 0xDA, &scan);
    }

    /// MCUs across and down in the turned picture.
    fn turned_mcus(&self) -> (usize, usize) {
        if self.turn.transpose {
            (self.mcus_high, self.mcus_wide)
        } else {
            (self.mcus_wide, self.mcus_high)
        }
    }

    /// Codes the turned grid in MCU order of the turned picture. Every row of MCUs is a
    /// restart interval, so the top and bottom halves are coded on two threads and joined.
    fn encode(&self, blocks: &[Vec<i16>], out: Vec<u8>) -> Option<Vec<u8>> {
        let (_, mcus_high) = self.turned_mcus();
        let middle = mcus_high / 2;
        let bottom_size = out.capacity().saturating_sub(out.len()) / 2;
        let (top, bottom) = std::thread::scope(|scope| {
            let bottom = scope.spawn(|| {
                self.encode_rows(blocks, middle..mcus_high, Vec::with_capacity(bottom_size))
            });
            (self.encode_rows(blocks, 0..middle, out), bottom.join())
        });
        let mut out = top?;
        out.extend_from_slice(&bottom.ok()??);
        Some(out)
    }

    fn encode_rows(
        &self,
        blocks: &[Vec<i16>],
        rows: Range<usize>,
        out: Vec<u8>,
    ) -> Option<Vec<u8>> {
        let turn = self.turn;
        let luma = (HuffmanEncoder::new(&LUMA_DC), HuffmanEncoder::new(&LUMA_AC));
        let chroma = (
            HuffmanEncoder::new(&CHROMA_DC),
            HuffmanEncoder::new(&CHROMA_AC),
        );
        let (mcus_wide, mcus_high) = self.turned_mcus();
        let mut writer = BitWriter {
            out,
            bits: 0,
            count: 0,
        };
        let mut predictions = vec![0i32; self.components.len()];
        for my in rows {
            predictions.fill(0);
            for mx in 0..mcus_wide {
                for (c, component) in self.components.iter().enumerate() {
                    let (h, v, wide, _) = component.turned(turn);
                    let (dc_table, ac_table) = if c == 0 { &luma } else { &chroma };
                    for by in my * v..(my + 1) * v {
                        for bx in mx * h..(mx + 1) * h {
                            let at = (by * wide + bx) * 64;
                            let coefficients = blocks[c][at..at + 64].try_into().ok()?;
                            encode_block(
                                &mut writer,
                                coefficients,
                                &mut predictions[c],
                                dc_table,
                                ac_table,
                            )?;
                        }
                    }
                }
            }
            writer.align();
            if my + 1 < mcus_high {
                writer.out.extend_from_slice(&[0xFF, 0xD0 + (my % 8) as u8]);
            }
        }
        Some(writer.out)
    }
}

#[inline]
fn decode_block(
    reader: &mut BitReader,
    dc: &HuffmanDecoder,
    ac: &HuffmanDecoder,
    prediction: &mut i32,
    block: &mut [i16; 64],
) -> Result<(), IntakeError> {
    let size = reader.symbol(dc)?;
    if size > 11 {
        return Err(IntakeError::Corrupted);
    }
    if size > 0 {
        *prediction += reader.value(size);
    }
    block[0] = i16::try_from(*prediction).map_err(|_| IntakeError::Corrupted)?;
    let mut k = 1;
    while k < 64 {
        if reader.count < 32 {
            reader.refill();
        }
        let (short, value) = ac.short_ac[(reader.bits >> (64 - LOOKUP_BITS)) as usize];
        if short != 0 {
            reader.bits <<= short & 15;
            reader.count -= u32::from(short & 15);
            k += usize::from(short >> 4);
            if k > 63 {
                return Err(IntakeError::Corrupted);
            }
            block[k] = value;
            k += 1;
            continue;
        }
        let symbol = reader.symbol(ac)?;
        let (run, size) = (usize::from(symbol >> 4), symbol & 15);
        if size == 0 {
            if run != 15 {
                break;
            }
            k += 16;
            continue;
        }
        k += run;
        if k > 63 || size > 10 {
            return Err(IntakeError::Corrupted);
        }
        block[k] = reader.value(size) as i16;
        k += 1;
    }
    Ok(())
}

#[inline]
fn encode_block(
    writer: &mut BitWriter,
    coefficients: &[i16; 64],
    prediction: &mut i32,
    dc: &HuffmanEncoder,
    ac: &HuffmanEncoder,
) -> Option<()> {
    let value = i32::from(coefficients[0]);
    let diff = value - *prediction;
    *prediction = value;
    let size = size_of(diff);
    if size > 11 {
        return None;
    }
    let bits = (if diff < 0 { diff - 1 } else { diff }) as u32 & ((1 << size) - 1);
    dc.put_with(writer, size as u8, bits, size);
    let mut nonzero = 0u64;
    for (k, &c) in coefficients.iter().enumerate().skip(1) {
        nonzero |= u64::from(c != 0) << k;
    }
    let mut last = 0;
    while nonzero != 0 {
        let k = nonzero.trailing_zeros();
        nonzero &= nonzero - 1;
        let mut run = k - last - 1;
        while run >= 16 {
            ac.put(writer, 0xF0);
            run -= 16;
        }
        let value = i32::from(coefficients[k as usize]);
        // Decoded sizes are at most 10 bits and a sign change keeps the size.
        let size = size_of(value);
        let bits = (if value < 0 { value - 1 } else { value }) as u32 & ((1 << size) - 1);
        ac.put_with(writer, (run << 4 | size) as u8, bits, size);
        last = k;
    }
    if last != 63 {
        ac.put(writer, 0x00);
    }
    Some(())
}

fn read_quant_tables(
    mut payload: &[u8],
    tables: &mut [Option<(u8, [u16; 64])>; 4],
) -> Result<(), IntakeError> {
    while let Some(&info) = payload.first() {
        let (precision, id) = (info >> 4, usize::from(info & 15));
        if precision > 1 || id > 3 {
            return Err(IntakeError::Corrupted);
        }
        let size = 64 << precision;
        let values = payload.get(1..1 + size).ok_or(IntakeError::Corrupted)?;
        let mut table = [0u16; 64];
        for (k, value) in table.iter_mut().enumerate() {
            *value = if precision == 0 {
                u16::from(values[k])
            } else {
                u16::from_be_bytes([values[2 * k], values[2 * k + 1]])
            };
        }
        tables[id] = Some((precision, table));
        payload = &payload[1 + size..];
    }
    Ok(())
}

fn read_huffman_tables(
    mut payload: &[u8],
    dc: &mut [Option<HuffmanDecoder>; 4],
    ac: &mut [Option<HuffmanDecoder>; 4],
) -> Result<(), IntakeError> {
    while let Some(&info) = payload.first() {
        let (class, id) = (info >> 4, usize::from(info & 15));
        if class > 1 || id > 3 {
            return Err(IntakeError::Corrupted);
        }
        let counts: [u8; 16] = payload
            .get(1..17)
            .and_then(|c| c.try_into().ok())
            .ok_or(IntakeError::Corrupted)?;
        let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let symbols = payload.get(17..17 + total).ok_or(IntakeError::Corrupted)?;
        let table = HuffmanDecoder::new(&counts, symbols)?;
        if class == 0 {
            dc[id] = Some(table);
        } else {
            ac[id] = Some(table);
        }
        payload = &payload[17 + total..];
    }
    Ok(())
}
