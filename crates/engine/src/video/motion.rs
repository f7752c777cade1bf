//! Camera moves read from the prompt, and where every layer sits at a given moment.
//!
//! A move is only ever a pose per layer: zoom and offset (a similarity transform without
//! rotation). The product layer is one rigid whole, so whatever the camera does its shape and
//! label cannot bend; depth comes from the layers moving at different speeds.

/// The main camera move of a clip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Camera {
    PushIn,
    PullOut,
    PanLeft,
    PanRight,
    /// The product layer slides against the background layer.
    Parallax,
    /// A slow arc around the product, faked by sliding the background one way and the
    /// product (a little, a little larger) the other, as an orbiting camera sees them.
    Orbit,
}

/// What the clip does: one camera move plus optional accents.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    pub camera: Camera,
    /// A band of light crossing the frame and glinting on the product.
    pub light_sweep: bool,
    /// The product bobbing gently.
    pub float: bool,
    /// Scales every amplitude: "slow"/"subtle" is smaller, "fast"/"dynamic" larger.
    pub intensity: f32,
    /// Out-of-focus motes drifting behind the product at their own depth.
    pub particles: bool,
}

/// Reads the moves named in `prompt`; with none named, a slow push-in.
pub fn parse_motion(prompt: &str) -> Motion {
    let lower = prompt.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let joined = format!(" {} ", words.join(" "));
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let phrase = |list: &[&str]| list.iter().any(|p| joined.contains(&format!(" {p} ")));

    let camera = if has(&[
        "orbit",
        "orbits",
        "orbiting",
        "orbital",
        "turntable",
        "360",
        "circling",
        "revolve",
        "revolving",
    ]) || phrase(&[
        "arc around",
        "arcs around",
        "circle around",
        "circles around",
        "circling around",
        "move around",
        "moves around",
    ]) {
        Camera::Orbit
    } else if has(&["parallax", "depth", "layered", "dimensional"])
        // "3d printed" says how the product was made, not how the camera moves.
        || (has(&["3d"]) && !phrase(&["3d printed", "3d print", "3d printing"]))
    {
        Camera::Parallax
    } else if phrase(&["pan left", "panning left", "pans left"]) {
        Camera::PanLeft
    } else if has(&["pan", "panning", "pans", "truck", "slide", "sideways"]) {
        Camera::PanRight
    } else if phrase(&[
        "zoom out",
        "pull out",
        "pull back",
        "pulls back",
        "dolly out",
        "reveal",
    ]) {
        Camera::PullOut
    } else {
        Camera::PushIn
    };
    // "an evening glow" is the light of the scene, not a sweep across it.
    let ambient = [
        "evening", "morning", "warm", "soft", "golden", "candle", "sunset", "cozy", "cosy",
        "gentle", "ambient",
    ];
    let light_sweep = words.iter().enumerate().any(|(i, w)| {
        [
            "sweep", "shine", "shiny", "glint", "gleam", "shimmer", "sparkle", "glow",
        ]
        .contains(w)
            && !(i > 0 && ambient.contains(&words[i - 1]))
    }) || phrase(&["light sweep", "light sweeps"]);
    let float = has(&[
        "float",
        "floating",
        "floats",
        "hover",
        "hovering",
        "levitate",
        "levitating",
        "bob",
        "bobbing",
    ]);
    // "dramatic shadows" or "gentle light" describe the light, not the pace.
    let light_nouns = [
        "light", "lighting", "lit", "shadow", "shadows", "glow", "sun", "sunlight", "palette",
        "colours", "colors", "tones", "contrast",
    ];
    let pace = |list: &[&str]| {
        words.iter().enumerate().any(|(i, w)| {
            list.contains(w)
                && !words
                    .get(i + 1)
                    .is_some_and(|next| light_nouns.contains(next))
        })
    };
    let intensity = if pace(&["fast", "dynamic", "dramatic", "energetic", "bold"]) {
        1.6
    } else if pace(&["slow", "subtle", "gentle", "slight", "slightly", "calm"]) {
        0.7
    } else {
        1.0
    };
    let particles = matches!(camera, Camera::Parallax | Camera::Orbit)
        || has(&[
            "particles",
            "particle",
            "dust",
            "motes",
            "bokeh",
            "sparkles",
            "glitter",
            "snow",
            "snowing",
            "bubbles",
            "petals",
            "drifting",
        ]);
    Motion {
        camera,
        light_sweep,
        float,
        intensity,
        particles,
    }
}

/// Where a layer is at one moment: zoom (1 = fills the frame) and offset of its centre, in
/// fractions of the frame's width and height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    pub zoom: f32,
    pub dx: f32,
    pub dy: f32,
}

/// The poses of the background, the product and the drifting motes at one moment, and the
/// light sweep's position along the frame's diagonal (0..1 crosses it; outside is off-frame).
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    pub background: Pose,
    pub product: Pose,
    pub particles: Pose,
    pub sweep: Option<f32>,
}

/// How far (in layer widths) a layer shown at `zoom` may shift before an edge shows: the
/// visible half-width is 0.5 / zoom. Kept 10% short of that as a margin.
fn overscan(zoom: f32) -> f32 {
    0.9 * 0.5 * (1.0 - 1.0 / zoom)
}

/// Slow at both ends so the clip starts and stops without a jolt.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

impl Motion {
    /// The largest zoom any layer reaches: the source is prepared at this scale so the
    /// closest moment is sampled 1:1 rather than blown up.
    pub fn max_zoom(&self) -> f32 {
        1.0 + 0.12 * self.intensity
    }

    /// Layer poses at `t` in 0..=1 through a clip lasting `seconds`.
    pub fn at(&self, t: f32, seconds: f32) -> Frame {
        let e = ease(t);
        let a = self.intensity;
        let zmax = self.max_zoom();
        let still = Pose {
            zoom: 1.0,
            dx: 0.0,
            dy: 0.0,
        };
        let span = overscan(zmax);
        // Pans, parallax and orbits need overscan: zoom in enough that the offset never
        // shows an edge. The background (far) always moves least in scale, the product
        // (near) more, the motes (nearest) most: the eye reads the differences as depth.
        let (background, mut product, particles) = match self.camera {
            Camera::PushIn | Camera::PullOut => {
                let k = if self.camera == Camera::PushIn {
                    e
                } else {
                    1.0 - e
                };
                let z = 1.0 + (zmax - 1.0) * k;
                // The far wall grows a little less than the product as the camera nears.
                let far = 1.0 + (zmax - 1.0) * k * 0.75;
                (
                    Pose { zoom: far, ..still },
                    Pose { zoom: z, ..still },
                    Pose {
                        zoom: 1.0 + (zmax - 1.0) * k * 1.6,
                        dy: -0.02 * a * t,
                        ..still
                    },
                )
            }
            Camera::PanLeft | Camera::PanRight => {
                let sign = if self.camera == Camera::PanLeft {
                    1.0
                } else {
                    -1.0
                };
                let dx = sign * span * (2.0 * e - 1.0);
                let pose = Pose {
                    zoom: zmax,
                    dx,
                    dy: 0.0,
                };
                (
                    pose,
                    pose,
                    Pose {
                        dx: dx * 1.8,
                        ..pose
                    },
                )
            }
            Camera::Parallax => {
                let x = 2.0 * e - 1.0;
                (
                    Pose {
                        zoom: zmax,
                        dx: -span * x,
                        dy: 0.0,
                    },
                    Pose {
                        zoom: zmax * (1.0 + 0.03 * a * e),
                        dx: 0.6 * span * x,
                        dy: 0.0,
                    },
                    Pose {
                        zoom: zmax,
                        dx: 1.6 * span * x,
                        dy: -0.015 * a * t,
                    },
                )
            }
            Camera::Orbit => {
                // A quarter-turn's worth of arc: the far wall slides across, the product
                // counter-slides and swells slightly as it passes closest to the lens.
                let theta = (2.0 * e - 1.0) * std::f32::consts::FRAC_PI_2;
                let x = theta.sin();
                let near = theta.cos();
                (
                    Pose {
                        zoom: zmax,
                        dx: -span * x,
                        dy: 0.0,
                    },
                    Pose {
                        zoom: zmax * (1.0 + 0.035 * a * near),
                        dx: 0.35 * span * x,
                        dy: -0.004 * a * near,
                    },
                    Pose {
                        zoom: zmax,
                        dx: 1.9 * span * x,
                        dy: -0.01 * a * t,
                    },
                )
            }
        };
        if self.float {
            // About one bob every three seconds, whole cycles so the clip ends at rest.
            let cycles = (seconds / 3.0).round().max(1.0);
            product.dy += -0.012 * a * (std::f32::consts::TAU * cycles * t).sin();
        }
        let sweep = self.light_sweep.then(|| {
            // One pass through the middle of the clip, entering and leaving off-frame.
            -0.35 + 1.7 * ease((t - 0.15) / 0.7)
        });
        Frame {
            background,
            product,
            particles,
            sweep,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_pick_camera_moves() {
        let cases = [
            ("slow push-in on the bottle", Camera::PushIn, false, false),
            ("zoom out to reveal the room", Camera::PullOut, false, false),
            ("pan left across the table", Camera::PanLeft, false, false),
            ("gentle pan", Camera::PanRight, false, false),
            ("parallax with a light sweep", Camera::Parallax, true, false),
            (
                "a slow orbit around the bottle",
                Camera::Orbit,
                false,
                false,
            ),
            (
                "an orbiting parallax arc around the jar",
                Camera::Orbit,
                false,
                false,
            ),
            ("360 turntable", Camera::Orbit, false, false),
            ("a 3d look on the vase", Camera::Parallax, false, false),
            (
                "a 3d printed vase, slow pan",
                Camera::PanRight,
                false,
                false,
            ),
            ("my 3D-printed vase", Camera::PushIn, false, false),
            ("product floating, shimmer", Camera::PushIn, true, true),
            ("", Camera::PushIn, false, false),
        ];
        for (prompt, camera, sweep, float) in cases {
            let m = parse_motion(prompt);
            assert_eq!(
                (m.camera, m.light_sweep, m.float),
                (camera, sweep, float),
                "{prompt}"
            );
        }
        assert!(parse_motion("slow pan").intensity < parse_motion("fast pan").intensity);
        assert_eq!(parse_motion("pan, dramatic shadows").intensity, 1.0);
        assert_eq!(parse_motion("dramatic pan").intensity, 1.6);
    }

    #[test]
    fn pans_and_parallax_never_reveal_an_edge() {
        for camera in [
            Camera::PanLeft,
            Camera::PanRight,
            Camera::Parallax,
            Camera::Orbit,
        ] {
            let motion = Motion {
                camera,
                light_sweep: false,
                float: false,
                intensity: 1.6,
                particles: false,
            };
            for i in 0..=20 {
                let bg = motion.at(i as f32 / 20.0, 5.0).background;
                // The visible half-width in layer units is 0.5 / zoom; it must fit in 0.5.
                assert!(
                    bg.dx.abs() + 0.5 / bg.zoom <= 0.5 + 1e-4,
                    "{camera:?} {bg:?}"
                );
            }
        }
    }
}
