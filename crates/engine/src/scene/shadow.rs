//! The shadow layer: a contact shadow where the product touches the surface, a cast shadow
//! projected from the product's silhouette away from the light, and an optional mirror
//! reflection on glossy surfaces. Computed at reduced resolution (shadows are soft) and
//! enlarged, which is ~20× cheaper than blurring at full size.

use image::{Rgba, RgbaImage};

use super::layout::Layout;
use super::light::Light;
use super::raster::{box_blur, mix, resize_gray, smoothstep, Rgb};

pub struct ShadowParams<'a> {
    pub layout: &'a Layout,
    pub light: &'a Light,
    /// The product as placed: the scaled cutout, `layout.product` sized.
    pub product: &'a RgbaImage,
    pub reflectivity: f32,
    /// Tint reflections take from the surface.
    pub surface: Rgb,
    /// Shadows fade out above this line (fraction of height), `None` for seamless sweeps.
    pub horizon: Option<f32>,
    /// Reduced resolution factor (2 = half size).
    pub factor: u32,
}

/// Renders the shadow layer at `width`×`height`.
pub fn render(width: u32, height: u32, p: &ShadowParams) -> RgbaImage {
    let f = p.factor.max(1);
    let (sw, sh) = ((width / f).max(1), (height / f).max(1));
    let r = p.layout.product;
    let (rw, rh) = (((r.width / f).max(1)), ((r.height / f).max(1)));
    let alpha: Vec<u8> = p.product.pixels().map(|px| px[3]).collect();
    let sil = resize_gray(&alpha, r.width, r.height, rw, rh);
    let sil_at = |x: f32, y: f32| -> f32 {
        if x < 0.0 || y < 0.0 || x >= rw as f32 || y >= rh as f32 {
            0.0
        } else {
            sil[y as usize * rw as usize + x as usize] as f32 / 255.0
        }
    };
    let x0 = r.x as f32 / f as f32;
    let base = r.bottom() as f32 / f as f32;
    let hgt = rh as f32;
    let light = p.light;
    if p.layout.top_down {
        let y0 = r.y as f32 / f as f32;
        return drop_shadow(width, height, (sw, sh), (x0, y0), (rw, rh), &sil, light);
    }

    // Cast shadow: floor point (x, y) is dark if the silhouette point it projects from is.
    let vx = -light.side * light.shadow_length;
    let vy = -(light.shadow_back * light.shadow_length * 0.3)
        .abs()
        .max(0.04 * light.shadow_length)
        * light.shadow_back.signum();
    let mut cast = vec![0.0f32; (sw * sh) as usize];
    let mut reach = vec![0.0f32; (sw * sh) as usize];
    for y in 0..sh {
        let yf = y as f32 + 0.5;
        let up = (base - yf) / -vy;
        if !(0.0..=hgt * 1.05).contains(&up) {
            continue;
        }
        let above = p.horizon.map_or(1.0, |hz| {
            smoothstep(hz * sh as f32 - 4.0, hz * sh as f32 + 2.0, yf)
        });
        for x in 0..sw {
            let xs = x as f32 + 0.5 - up * vx - x0;
            let a = sil_at(xs, hgt - up);
            if a > 0.0 {
                let i = (y * sw + x) as usize;
                cast[i] = a * (1.0 - 0.55 * up / hgt) * above;
                reach[i] = up / hgt;
            }
        }
    }
    // Penumbra widens with distance from the product: blend a sharp and a soft copy.
    let mut soft = cast.clone();
    let soft_r = (light.shadow_softness * hgt).max(1.0) as usize;
    box_blur(&mut soft, sw as usize, sh as usize, soft_r, 3);
    box_blur(&mut reach, sw as usize, sh as usize, soft_r, 2);
    box_blur(
        &mut cast,
        sw as usize,
        sh as usize,
        (hgt * 0.008).max(1.0) as usize,
        2,
    );

    // Contact shadow under the product's footprint.
    let (mut l, mut rr) = (f32::MAX, f32::MIN);
    for y in (rh.saturating_sub((rh / 25).max(2)))..rh {
        for x in 0..rw {
            if sil[(y * rw + x) as usize] > 128 {
                l = l.min(x as f32);
                rr = rr.max(x as f32);
            }
        }
    }
    if l > rr {
        l = rw as f32 * 0.3;
        rr = rw as f32 * 0.7;
    }
    let ccx = x0 + (l + rr) / 2.0 + vx * hgt * 0.02;
    let crx = ((rr - l) / 2.0 + 1.0) * 1.08;
    let cry = (crx * 0.16).max(1.5);
    let mut contact = vec![0.0f32; (sw * sh) as usize];
    let (ys, ye) = (
        (base - cry * 4.0).max(0.0) as u32,
        ((base + cry * 4.0) as u32).min(sh),
    );
    let (xs, xe) = (
        (ccx - crx * 1.6).max(0.0) as u32,
        ((ccx + crx * 1.6) as u32).min(sw),
    );
    for y in ys..ye {
        for x in xs..xe {
            let dx = (x as f32 + 0.5 - ccx) / crx;
            let dy = (y as f32 + 0.5 - base) / cry;
            let d = dx * dx + dy * dy;
            let core = (1.0 - d).max(0.0).powi(2) * 0.85;
            let ao = (1.0 - d / 4.0).max(0.0).powi(2) * 0.4;
            contact[(y * sw + x) as usize] = core.max(ao);
        }
    }
    box_blur(
        &mut contact,
        sw as usize,
        sh as usize,
        (cry * 0.5).max(1.0) as usize,
        2,
    );

    let opacity = light.shadow_opacity;
    let density: Vec<u8> = (0..(sw * sh) as usize)
        .map(|i| {
            let t = reach[i].clamp(0.0, 1.0);
            let c = (cast[i] * (1.0 - t) + soft[i] * t) * opacity;
            let d = 1.0 - (1.0 - c) * (1.0 - contact[i] * (0.5 + 0.5 * opacity));
            (d.clamp(0.0, 1.0) * 255.0).round() as u8
        })
        .collect();
    let density = resize_gray(&density, sw, sh, width, height);

    let tint = light
        .shadow_color()
        .map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8);
    let mut out = RgbaImage::from_fn(width, height, |x, y| {
        let a = density[(y * width + x) as usize];
        Rgba([tint[0], tint[1], tint[2], a])
    });
    if p.reflectivity > 0.0 && p.layout.podium.is_none() {
        reflect(&mut out, p);
    }
    out
}

/// Seen from above, a product lying on the surface casts its silhouette a little away from
/// the light: a soft drop shadow all round, darker and tighter where it touches.
fn drop_shadow(
    width: u32,
    height: u32,
    (sw, sh): (u32, u32),
    (x0, y0): (f32, f32),
    (rw, rh): (u32, u32),
    sil: &[u8],
    light: &Light,
) -> RgbaImage {
    let size = rw.max(rh) as f32;
    let reach = 0.02 + 0.05 * light.shadow_length.min(1.0);
    let (ox, oy) = (-light.side * reach * size, reach * 0.7 * size);
    let place = |dx: f32, dy: f32| {
        let mut plane = vec![0f32; (sw * sh) as usize];
        for y in 0..rh {
            for x in 0..rw {
                let a = sil[(y * rw + x) as usize];
                if a == 0 {
                    continue;
                }
                let (tx, ty) = (
                    (x0 + x as f32 + dx).round() as i64,
                    (y0 + y as f32 + dy).round() as i64,
                );
                if tx >= 0 && ty >= 0 && (tx as u32) < sw && (ty as u32) < sh {
                    plane[(ty as u32 * sw + tx as u32) as usize] = a as f32 / 255.0;
                }
            }
        }
        plane
    };
    let mut cast = place(ox, oy);
    box_blur(
        &mut cast,
        sw as usize,
        sh as usize,
        ((light.shadow_softness * 0.5 + 0.02) * size).max(1.0) as usize,
        3,
    );
    let mut contact = place(ox * 0.15, oy * 0.15);
    box_blur(
        &mut contact,
        sw as usize,
        sh as usize,
        (size * 0.012).max(1.0) as usize,
        2,
    );
    let opacity = light.shadow_opacity;
    let density: Vec<u8> = cast
        .iter()
        .zip(&contact)
        .map(|(c, k)| {
            let d = 1.0 - (1.0 - c * (opacity * 0.8 + 0.2)) * (1.0 - k * 0.5);
            (d.clamp(0.0, 1.0) * 255.0).round() as u8
        })
        .collect();
    let density = resize_gray(&density, sw, sh, width, height);
    let tint = light
        .shadow_color()
        .map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8);
    RgbaImage::from_fn(width, height, |x, y| {
        let a = density[(y * width + x) as usize];
        Rgba([tint[0], tint[1], tint[2], a])
    })
}

/// A mirror image of the product below its base, fading with distance, composited over the
/// shadow within the layer.
fn reflect(out: &mut RgbaImage, p: &ShadowParams) {
    let r = p.layout.product;
    let depth = (r.height as f32 * 0.4) as i32;
    for dy in 0..depth {
        let y = r.bottom() + dy;
        let sy = r.height as i32 - 1 - dy;
        if y < 0 || y >= out.height() as i32 || sy < 0 {
            continue;
        }
        let fade = (1.0 - dy as f32 / depth as f32).powi(2) * p.reflectivity;
        for sx in 0..r.width as i32 {
            let x = r.x + sx;
            if x < 0 || x >= out.width() as i32 {
                continue;
            }
            let src = p.product.get_pixel(sx as u32, sy as u32);
            let a = src[3] as f32 / 255.0 * fade;
            if a <= 0.004 {
                continue;
            }
            let c = mix(
                [
                    src[0] as f32 / 255.0,
                    src[1] as f32 / 255.0,
                    src[2] as f32 / 255.0,
                ],
                p.surface,
                0.25,
            );
            let dst = out.get_pixel_mut(x as u32, y as u32);
            let da = dst[3] as f32 / 255.0;
            let oa = a + da * (1.0 - a);
            for ch in 0..3 {
                let v = (c[ch] * a + dst[ch] as f32 / 255.0 * da * (1.0 - a)) / oa.max(1e-6);
                dst[ch] = (v * 255.0).round().clamp(0.0, 255.0) as u8;
            }
            dst[3] = (oa * 255.0).round() as u8;
        }
    }
}
