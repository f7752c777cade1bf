//! The light falling on a scene and the colour grade of its palette. Both are plain numbers
//! derived from the options, so every part of the compositor (backdrop, props, shadows)
//! agrees on where the light comes from and how warm it is.

use domain::{ColorPalette, Lighting};

use super::noise::Rng;
use super::raster::{hex, lerp, luma, mix, smoothstep, Rgb};

/// Shapes projected on the wall by the light, as through a window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Gobo {
    None,
    /// Large soft window panes.
    Window,
    /// Hard slats of a blind.
    Blinds,
}

#[derive(Debug, Clone)]
pub struct Light {
    /// -1: light from the left; +1: from the right.
    pub side: f32,
    /// Key light colour (multiplies albedo).
    pub key: Rgb,
    /// Fill light colour: what shadows are lit by.
    pub fill: Rgb,
    /// How much brighter the key's pool on the backdrop is than the fill.
    pub pool: f32,
    /// How tightly the pool is focused (larger is a narrower, harder spot).
    pub pool_focus: f32,
    /// How much of the key reaches the frame away from the pool.
    pub spill: f32,
    /// Opacity of the cast shadow near the product.
    pub shadow_opacity: f32,
    /// Cast shadow length as a fraction of the product's height.
    pub shadow_length: f32,
    /// Penumbra at the shadow's far end, as a fraction of the product's height.
    pub shadow_softness: f32,
    /// +1: the shadow falls behind the product (up the picture); -1: towards the camera.
    pub shadow_back: f32,
    pub gobo: Gobo,
    /// Darkening of the corners.
    pub vignette: f32,
    /// Sun glow on the light side.
    pub glow: f32,
    /// Height of the glow's centre (0 = top of the frame): a low sun glows near the horizon.
    pub glow_height: f32,
}

impl Light {
    pub fn new(lighting: Lighting, rng: &mut Rng) -> Self {
        let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
        match lighting {
            Lighting::NaturalDaylight => Light {
                side: side * 0.7,
                key: hex(0xFFFDF8),
                fill: hex(0xDDE4EE),
                pool: 0.22,
                pool_focus: 2.2,
                spill: 0.55,
                shadow_opacity: 0.5,
                shadow_length: 0.45,
                shadow_softness: 0.10,
                shadow_back: 0.6,
                gobo: Gobo::None,
                vignette: 0.18,
                glow: 0.0,
                glow_height: 0.0,
            },
            Lighting::GoldenHour => Light {
                side,
                key: hex(0xFFCD94),
                fill: hex(0xB3A9C4),
                pool: 0.3,
                pool_focus: 2.2,
                spill: 0.5,
                shadow_opacity: 0.55,
                shadow_length: 1.25,
                shadow_softness: 0.12,
                shadow_back: -0.35,
                gobo: Gobo::Window,
                vignette: 0.28,
                glow: 0.2,
                glow_height: 0.4,
            },
            Lighting::DramaticShadows => Light {
                side: side * 0.85,
                key: hex(0xFFF6EA),
                fill: hex(0x565C68),
                pool: 0.9,
                pool_focus: 7.0,
                spill: 0.36,
                shadow_opacity: 0.8,
                shadow_length: 0.75,
                shadow_softness: 0.04,
                shadow_back: 0.8,
                gobo: Gobo::Blinds,
                vignette: 0.45,
                glow: 0.0,
                glow_height: 0.0,
            },
            Lighting::SoftEven => Light {
                side: side * 0.2,
                key: hex(0xFFFFFF),
                fill: hex(0xECEEF2),
                pool: 0.05,
                pool_focus: 2.2,
                spill: 0.62,
                shadow_opacity: 0.32,
                shadow_length: 0.16,
                shadow_softness: 0.18,
                shadow_back: 0.9,
                gobo: Gobo::None,
                vignette: 0.04,
                glow: 0.0,
                glow_height: 0.0,
            },
        }
    }

    /// Light arriving at a point of the picture, `(u, v)` in 0..1, as a colour multiplier.
    /// `focus` is where the key is aimed (the product), `indoor` enables window shapes.
    pub fn illumination(
        &self,
        u: f32,
        v: f32,
        aspect: f32,
        focus: (f32, f32),
        indoor: bool,
    ) -> Rgb {
        // A broad pool of key light, centred a little towards the light's side.
        let cx = focus.0 + self.side * 0.18;
        let dx = (u - cx) * aspect;
        let dy = (v - focus.1) * 1.3;
        let pool = (-(dx * dx + dy * dy) * self.pool_focus).exp();
        // Light falls off away from its side of the frame.
        let across = 0.5 + 0.5 * self.side * (u - 0.5) * 2.0;
        let mut key = (self.spill + 0.3 * across + self.pool * pool).min(1.6);
        if indoor && self.gobo != Gobo::None {
            key *= 1.0 - 0.3 * self.pool.min(0.6) + self.gobo_light(u, v, aspect) * 0.45;
        }
        let fill = 0.45;
        let mut out: Rgb = std::array::from_fn(|c| self.fill[c] * fill + self.key[c] * key * 0.62);
        if self.glow > 0.0 {
            let gx = (u - (0.5 + self.side * 0.55)) * aspect;
            let gy = (v - self.glow_height) * 1.4 + 0.05;
            let g = (-(gx * gx + gy * gy) * 3.0).exp() * self.glow;
            for (c, o) in out.iter_mut().enumerate() {
                *o += self.key[c] * g;
            }
        }
        out
    }

    /// 0..1 light coming through the window shapes, slanted away from the light.
    fn gobo_light(&self, u: f32, v: f32, aspect: f32) -> f32 {
        let x = (u - 0.5) * aspect * -self.side.signum() + v * 0.45;
        match self.gobo {
            Gobo::None => 0.0,
            Gobo::Window => {
                // Two broad panes with a soft mullion between them, fading out downwards.
                let mullion = 1.0 - 0.6 * smoothstep(0.06, 0.0, (x - 0.12).abs());
                let band = smoothstep(-0.45, -0.2, x) * smoothstep(0.6, 0.4, x);
                mullion * band * smoothstep(0.9, 0.2, v)
            }
            Gobo::Blinds => {
                let y = v * 11.0 + x * 3.0;
                let slat = (y.rem_euclid(1.0) - 0.5).abs() * 2.0;
                let band = smoothstep(-0.6, -0.3, x) * smoothstep(0.55, 0.2, x);
                smoothstep(0.3, 0.5, slat) * band
            }
        }
    }

    /// The colour of cast shadows: the fill light, darkened.
    pub fn shadow_color(&self) -> Rgb {
        let f = self.fill;
        let l = luma(f).max(1e-3);
        [f[0] / l * 0.08, f[1] / l * 0.08, f[2] / l * 0.09]
    }
}

/// A colour grade: white balance, contrast, saturation, lifted blacks, split toning.
#[derive(Debug, Clone)]
pub struct Grade {
    gain: Rgb,
    contrast: f32,
    saturation: f32,
    lift: Rgb,
    highlight_tint: Rgb,
    exposure: f32,
    vignette: f32,
    /// A pool of light on the subject, darker all round: how a bold palette is lit.
    spot: f32,
    /// The light's colour over the whole frame (ambient bounce of a warm sun, say).
    ambient: Rgb,
}

impl Grade {
    pub fn new(palette: ColorPalette, light: &Light) -> Self {
        let (gain, contrast, saturation, lift, highlight_tint, exposure) = match palette {
            ColorPalette::WarmCozy => (
                [1.06, 0.99, 0.87],
                1.05,
                1.0,
                [0.04, 0.025, 0.01],
                [1.0, 0.96, 0.88],
                1.0,
            ),
            ColorPalette::CoolFresh => (
                [0.9, 0.99, 1.1],
                1.02,
                0.96,
                [0.0, 0.02, 0.035],
                [0.97, 1.0, 1.02],
                1.06,
            ),
            ColorPalette::BoldDramatic => (
                [1.02, 1.0, 0.98],
                1.4,
                1.2,
                [0.0, 0.008, 0.018],
                [1.02, 0.98, 0.92],
                0.9,
            ),
            ColorPalette::SoftDreamy => (
                [1.03, 0.98, 1.02],
                0.76,
                0.85,
                [0.09, 0.075, 0.09],
                [1.0, 0.97, 0.99],
                1.08,
            ),
            ColorPalette::NeutralClean => (
                [1.0, 1.0, 1.0],
                1.04,
                0.7,
                [0.015, 0.015, 0.015],
                [1.0, 1.0, 1.0],
                1.05,
            ),
        };
        Grade {
            gain,
            contrast,
            saturation,
            lift,
            highlight_tint,
            exposure,
            vignette: light.vignette
                + if palette == ColorPalette::BoldDramatic {
                    0.3
                } else {
                    0.0
                },
            spot: if palette == ColorPalette::BoldDramatic {
                1.3
            } else {
                0.0
            },
            ambient: {
                let l = luma(light.key).max(1e-3);
                std::array::from_fn(|c| lerp(1.0, light.key[c] / l, 0.35))
            },
        }
    }

    /// Grades one pixel at `(u, v)` (0..1 across the frame).
    #[inline]
    pub fn apply(&self, c: Rgb, u: f32, v: f32) -> Rgb {
        let mut c: Rgb =
            std::array::from_fn(|i| c[i] * self.gain[i] * self.ambient[i] * self.exposure);
        let l = luma(c);
        // Saturation about luma, then an S-curve about mid-grey.
        for ch in c.iter_mut() {
            *ch = l + (*ch - l) * self.saturation;
            let x = ch.clamp(0.0, 1.2);
            let s = x - 0.5;
            *ch = 0.5 + s * self.contrast / (1.0 + (self.contrast - 1.0) * (2.0 * s).abs());
        }
        let hl = smoothstep(0.55, 1.0, l);
        c = mix(
            c,
            [
                c[0] * self.highlight_tint[0],
                c[1] * self.highlight_tint[1],
                c[2] * self.highlight_tint[2],
            ],
            hl,
        );
        let du = u - 0.5;
        let dv = v - 0.5;
        let r = (du * du + dv * dv).sqrt();
        let mut vig = 1.0 - self.vignette.min(0.9) * smoothstep(0.15, 0.75, r * 1.25);
        if self.spot > 0.0 {
            let dy = v - 0.45;
            vig *= 1.0 + self.spot * ((-(du * du * 5.0 + dy * dy * 3.5)).exp() - 0.5);
        }
        for (ch, lift) in c.iter_mut().zip(self.lift) {
            *ch = lerp(lift, 1.0, ch.clamp(0.0, 1.0) * vig);
        }
        c
    }
}
