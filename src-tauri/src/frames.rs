//! The binary reply of the `next_frame` command.
//!
//! Frames travel as raw bytes over Tauri's binary IPC (`ipc::Response`), not
//! as base64 in JSON events, which would add a third to every frame and cost
//! an encode and a decode each way. Layout, all integers little-endian:
//!
//! | bytes  | content                                   |
//! |--------|-------------------------------------------|
//! | 0..4   | magic `TWF1`                              |
//! | 4..8   | width (u32)                               |
//! | 8..12  | height (u32)                              |
//! | 12..16 | reserved, 0                               |
//! | 16..24 | sequence number (u64), +1 per frame sent  |
//! | 24..   | JPEG                                      |
//!
//! `ui/src/ipc.ts` parses it.

pub const MAGIC: &[u8; 4] = b"TWF1";
pub const HEADER_LEN: usize = 24;

/// A frame ready to send to the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedFrame {
    pub seq: u64,
    pub width: u32,
    pub height: u32,
    /// Header followed by the JPEG, exactly what the command returns.
    pub bytes: Vec<u8>,
}

pub fn pack(seq: u64, width: u32, height: u32, jpeg: &[u8]) -> PackedFrame {
    let mut bytes = Vec::with_capacity(HEADER_LEN + jpeg.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&width.to_le_bytes());
    bytes.extend_from_slice(&height.to_le_bytes());
    bytes.extend_from_slice(&0u32.to_le_bytes());
    bytes.extend_from_slice(&seq.to_le_bytes());
    bytes.extend_from_slice(jpeg);
    PackedFrame {
        seq,
        width,
        height,
        bytes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_layout_matches_the_ui_parser() {
        let p = pack(0x0102_0304_0506_0708, 640, 480, &[0xff, 0xd8, 0xff]);
        assert_eq!(&p.bytes[0..4], b"TWF1");
        assert_eq!(
            u32::from_le_bytes(p.bytes[0..4].try_into().unwrap()),
            0x3146_5754,
            "ui/src/ipc.ts MAGIC"
        );
        assert_eq!(u32::from_le_bytes(p.bytes[4..8].try_into().unwrap()), 640);
        assert_eq!(u32::from_le_bytes(p.bytes[8..12].try_into().unwrap()), 480);
        assert_eq!(
            u64::from_le_bytes(p.bytes[16..24].try_into().unwrap()),
            0x0102_0304_0506_0708
        );
        assert_eq!(&p.bytes[HEADER_LEN..], &[0xff, 0xd8, 0xff]);
    }
}
