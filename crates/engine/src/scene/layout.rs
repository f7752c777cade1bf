//! Where things go: the product's rectangle, the line where the surface meets the wall, and
//! the podium of artistic compositions. Fractions are of the canvas height unless noted, so
//! the three output shapes share one set of rules.

use domain::Composition;

use crate::prompt::Space;

use super::noise::Rng;

/// A rectangle in output pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

impl Rect {
    pub fn bottom(&self) -> i32 {
        self.y + self.height as i32
    }

    pub fn center_x(&self) -> f32 {
        self.x as f32 + self.width as f32 / 2.0
    }
}

/// A cylinder the product stands on; fractions of the canvas (x of width, y of height).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Podium {
    pub cx: f32,
    pub top: f32,
    pub rx: f32,
    pub ry: f32,
    pub bottom: f32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    pub product: Rect,
    /// Where the surface meets the backdrop, as a fraction of the height.
    pub horizon: f32,
    pub podium: Option<Podium>,
    /// -1 or +1: the side of the frame props go to (opposite the product's offset).
    pub prop_side: f32,
    /// Extra softness of the backdrop (shallow focus for close-ups).
    pub backdrop_blur: f32,
    /// Seen from directly above (a flat lay): no horizon, the product lying on the surface.
    pub top_down: bool,
}

impl Layout {
    /// Sizes the product (`pw`×`ph` source pixels) for `composition` on a `w`×`h` canvas.
    pub fn new(composition: Composition, w: u32, h: u32, pw: u32, ph: u32, rng: &mut Rng) -> Self {
        let (wf, hf) = (w as f32, h as f32);
        let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
        let portrait = h > w;
        // (height fraction, max width fraction of w, centre x fraction of w, base, horizon)
        let (th, tw, cx, base, horizon) = match composition {
            Composition::ProductHero => (if portrait { 0.5 } else { 0.56 }, 0.62, 0.5, 0.8, 0.6),
            Composition::LifestyleContext => (
                if portrait { 0.4 } else { 0.46 },
                0.46,
                0.5 + side * if portrait { 0.12 } else { 0.14 },
                0.82,
                0.56,
            ),
            Composition::ArtisticComposition => {
                (if portrait { 0.38 } else { 0.44 }, 0.5, 0.5, 0.7, 0.66)
            }
            Composition::DetailCloseup => (0.8, 0.84, 0.5, 0.93, 0.72),
        };
        let scale = (th * hf / ph.max(1) as f32).min(tw * wf / pw.max(1) as f32);
        let width = ((pw as f32 * scale).round() as u32).clamp(1, w);
        let height = ((ph as f32 * scale).round() as u32).clamp(1, h);
        let product = Rect {
            x: (cx * wf - width as f32 / 2.0).round() as i32,
            y: (base * hf - height as f32).round() as i32,
            width,
            height,
        };
        let podium = (composition == Composition::ArtisticComposition).then(|| {
            let rx = (width as f32 / wf * 0.5 * 1.5)
                .max(0.16 * hf / wf)
                .min(0.42);
            Podium {
                cx,
                top: base,
                rx,
                ry: rx * wf / hf * 0.16,
                bottom: 0.9,
            }
        });
        Layout {
            product,
            horizon,
            podium,
            prop_side: -side,
            backdrop_blur: if composition == Composition::DetailCloseup {
                2.5
            } else {
                1.0
            },
            top_down: false,
        }
    }

    /// A flat lay: the product lies on the surface seen from directly above, centred with
    /// room for props around it (less room in a close-up, more in a lifestyle shot).
    pub fn top_down(
        composition: Composition,
        w: u32,
        h: u32,
        pw: u32,
        ph: u32,
        rng: &mut Rng,
    ) -> Self {
        let (wf, hf) = (w as f32, h as f32);
        let side = if rng.chance(0.5) { -1.0 } else { 1.0 };
        let (th, tw, cx) = match composition {
            Composition::ProductHero => (0.56, 0.5, 0.5),
            Composition::LifestyleContext => (0.42, 0.36, 0.5 + side * 0.06),
            Composition::ArtisticComposition => (0.48, 0.42, 0.5),
            Composition::DetailCloseup => (0.8, 0.8, 0.5),
        };
        let scale = (th * hf / ph.max(1) as f32).min(tw * wf / pw.max(1) as f32);
        let width = ((pw as f32 * scale).round() as u32).clamp(1, w);
        let height = ((ph as f32 * scale).round() as u32).clamp(1, h);
        let product = Rect {
            x: (cx * wf - width as f32 / 2.0).round() as i32,
            y: (0.5 * hf - height as f32 / 2.0).round() as i32,
            width,
            height,
        };
        Layout {
            product,
            horizon: 0.0,
            podium: None,
            prop_side: -side,
            backdrop_blur: if composition == Composition::DetailCloseup {
                1.6
            } else {
                1.0
            },
            top_down: true,
        }
    }
}

impl Layout {
    /// The camera of one variation of a set: 0 keeps the layout, 1 and 2 move the product
    /// to the left or right third with the props on the other side, 3 steps back (the
    /// product smaller, more of the surface seen). The product keeps its base line (a flat
    /// lay its centre line) and stays whole inside the frame.
    pub fn vary(mut self, variation: u8, w: u32, h: u32) -> Layout {
        let (cx, scale, horizon_shift) = match variation % 4 {
            0 => return self,
            1 => (0.36, 0.86, 0.03),
            2 => (0.64, 0.86, -0.03),
            _ => (0.5, 0.72, -0.06),
        };
        let wf = w as f32;
        let r = self.product;
        let width = ((r.width as f32 * scale).round() as u32).clamp(1, w);
        let height = ((r.height as f32 * scale).round() as u32).clamp(1, h);
        let x = (cx * wf - width as f32 / 2.0)
            .round()
            .clamp(0.0, (w - width) as f32) as i32;
        let y = if self.top_down {
            (r.y as f32 + (r.height as f32 - height as f32) / 2.0).round() as i32
        } else {
            r.bottom() - height as i32
        };
        self.product = Rect {
            x,
            y: y.clamp(0, (h - height) as i32),
            width,
            height,
        };
        if cx < 0.5 {
            self.prop_side = 1.0;
        } else if cx > 0.5 {
            self.prop_side = -1.0;
        }
        if !self.top_down {
            self.horizon = (self.horizon + horizon_shift).clamp(0.3, 0.85);
        }
        if let Some(pod) = self.podium.as_mut() {
            pod.cx = self.product.center_x() / wf;
            pod.rx *= scale;
        }
        self
    }

    /// Moves and, if need be, shrinks the product out of the room kept for text: below the
    /// top third, or in the half of the frame away from the named side; props follow the
    /// product to that side.
    pub fn leave_room(mut self, space: Space, w: u32, h: u32) -> Layout {
        let (wf, hf) = (w as f32, h as f32);
        let r = self.product;
        // Where the room ends (the product keeps clear of it, with a margin).
        let (max_w, max_h) = match space {
            Space::Top => (r.width as f32, r.bottom() as f32 - hf * 0.38),
            Space::Left | Space::Right => (wf * 0.5, r.height as f32),
        };
        let k = (max_w / r.width.max(1) as f32)
            .min(max_h / r.height.max(1) as f32)
            .clamp(0.05, 1.0);
        let width = ((r.width as f32 * k).round() as u32).clamp(1, w);
        let height = ((r.height as f32 * k).round() as u32).clamp(1, h);
        let cx = match space {
            Space::Top => r.center_x(),
            Space::Left => wf * 0.7,
            Space::Right => wf * 0.3,
        };
        let x = (cx - width as f32 / 2.0)
            .round()
            .clamp(0.0, (w - width) as f32) as i32;
        // A flat lay's product sits in the middle; a standing one keeps its base line.
        let y = if self.top_down && space == Space::Top {
            (hf * 0.66 - height as f32 / 2.0).round() as i32
        } else {
            r.bottom() - height as i32
        };
        self.product = Rect {
            x,
            y: y.clamp(0, (h - height) as i32),
            width,
            height,
        };
        match space {
            Space::Left => self.prop_side = 1.0,
            Space::Right => self.prop_side = -1.0,
            Space::Top => {}
        }
        if let Some(pod) = self.podium.as_mut() {
            pod.cx = self.product.center_x() / wf;
            pod.rx = pod.rx.min(0.24);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_always_fits_the_canvas() {
        for comp in Composition::ALL {
            for (w, h) in [(1024, 1536), (1536, 1024), (1024, 1024), (96, 64)] {
                for (pw, ph) in [(400, 1200), (1200, 300), (500, 500), (3, 2000)] {
                    let l = Layout::new(*comp, w, h, pw, ph, &mut Rng::new(3));
                    let r = l.product;
                    assert!(r.x >= 0 && r.y >= 0, "{comp:?} {r:?}");
                    assert!(
                        r.x as u32 + r.width <= w && r.y as u32 + r.height <= h,
                        "{comp:?} {r:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn flat_lays_fit_and_centre_the_product() {
        for comp in Composition::ALL {
            for (w, h) in [(1024, 1536), (1536, 1024), (64, 96)] {
                let l = Layout::top_down(*comp, w, h, 400, 1000, &mut Rng::new(2));
                let r = l.product;
                assert!(l.top_down && l.podium.is_none());
                assert!(r.x >= 0 && r.y >= 0, "{comp:?} {r:?}");
                assert!(r.x as u32 + r.width <= w && r.y as u32 + r.height <= h);
                let cy = r.y as f32 + r.height as f32 / 2.0;
                assert!((cy / h as f32 - 0.5).abs() < 0.02);
            }
        }
    }

    #[test]
    fn room_for_text_keeps_the_product_out_of_it() {
        for comp in Composition::ALL {
            for (w, h) in [(1024, 1536), (1536, 1024), (1024, 1024)] {
                let l = Layout::new(*comp, w, h, 400, 1000, &mut Rng::new(4));
                let top = l.clone().leave_room(Space::Top, w, h).product;
                assert!(top.y as f32 >= h as f32 * 0.38 - 1.0, "{comp:?} {top:?}");
                assert!(top.bottom() as u32 <= h);
                let left = l.clone().leave_room(Space::Left, w, h).product;
                assert!(left.x as f32 >= w as f32 * 0.44, "{comp:?} {left:?}");
                assert!(left.x as u32 + left.width <= w);
            }
        }
    }

    #[test]
    fn each_variation_has_its_own_camera_and_keeps_the_product_whole() {
        for comp in Composition::ALL {
            for (w, h) in [(1024, 1536), (1536, 1024), (1024, 1024)] {
                for top_down in [false, true] {
                    let base = if top_down {
                        Layout::top_down(*comp, w, h, 400, 1000, &mut Rng::new(5))
                    } else {
                        Layout::new(*comp, w, h, 400, 1000, &mut Rng::new(5))
                    };
                    let rects: Vec<Rect> =
                        (0..4).map(|v| base.clone().vary(v, w, h).product).collect();
                    for (i, r) in rects.iter().enumerate() {
                        assert!(r.x >= 0 && r.y >= 0, "{comp:?} {r:?}");
                        assert!(r.x as u32 + r.width <= w && r.bottom() as u32 <= h);
                        for other in &rects[..i] {
                            assert_ne!(r, other, "{comp:?} {w}x{h}");
                        }
                    }
                    assert_eq!(rects[0], base.product);
                    assert!(rects[1].center_x() < rects[2].center_x());
                    assert!(rects[3].height < rects[0].height);
                }
            }
        }
    }

    #[test]
    fn closeups_are_larger_than_lifestyle_shots() {
        let size = |c| {
            Layout::new(c, 1024, 1536, 400, 1000, &mut Rng::new(1))
                .product
                .height
        };
        assert!(size(Composition::DetailCloseup) > size(Composition::ProductHero));
        assert!(size(Composition::ProductHero) > size(Composition::LifestyleContext));
    }
}
