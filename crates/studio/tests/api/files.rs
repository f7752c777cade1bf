//! Test images and hostile files, made in code.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

/// A product-ish photo: a coloured box on a light backdrop, with a gradient.
pub fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let inside = x > width / 4 && x < width * 3 / 4 && y > height / 5 && y < height * 4 / 5;
        if inside {
            Rgb([200, 40 + (y * 100 / height) as u8, 60])
        } else {
            let shade = 235 - (y * 30 / height) as u8;
            Rgb([shade, shade, shade.saturating_sub(5)])
        }
    })
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    photo(width, height)
        .write_to(&mut out, ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

pub fn png_with_alpha(width: u32, height: u32) -> Vec<u8> {
    let image = RgbaImage::from_fn(width, height, |x, _| {
        Rgba([30, 120, 200, if x < width / 2 { 255 } else { 0 }])
    });
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    photo(width, height)
        .write_to(&mut out, ImageFormat::Jpeg)
        .unwrap();
    out.into_inner()
}

pub fn webp(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(photo(width, height))
        .to_rgba8()
        .write_to(&mut out, ImageFormat::WebP)
        .unwrap();
    out.into_inner()
}

pub fn gif(width: u32, height: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(photo(width, height))
        .to_rgba8()
        .write_to(&mut out, ImageFormat::Gif)
        .unwrap();
    out.into_inner()
}

/// A JPEG whose EXIF says "rotate 90° clockwise to display" (orientation 6).
pub fn jpeg_rotated_exif(width: u32, height: u32) -> Vec<u8> {
    let plain = jpeg(width, height);
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&1u16.to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = plain[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&plain[2..]);
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG whose header claims `width`×`height` (with a correct CRC) over a tiny body.
pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut real = png(8, 8);
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&real[24..29]);
    real[12..29].copy_from_slice(&ihdr);
    real[29..33].copy_from_slice(&crc32(&ihdr).to_be_bytes());
    real
}

/// A real JPEG bigger than `min_bytes` (noise does not compress).
pub fn big_jpeg(min_bytes: usize) -> Vec<u8> {
    let mut side = 2600;
    loop {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let image = RgbImage::from_fn(side, side, |_, _| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            Rgb([seed as u8, (seed >> 8) as u8, (seed >> 16) as u8])
        });
        let mut out = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 100)
            .encode_image(&image)
            .unwrap();
        if out.len() > min_bytes {
            return out;
        }
        side += 400;
    }
}

/// A GIF whose logical screen is 65535×65535 around a 1×1 frame.
pub fn gif_bomb() -> Vec<u8> {
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&65535u16.to_le_bytes());
    gif.extend_from_slice(&65535u16.to_le_bytes());
    gif.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    gif.extend_from_slice(&[0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
    gif.extend_from_slice(&[0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]);
    gif
}
