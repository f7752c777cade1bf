//! The wall behind the surface, one function a setting: tiles and mirrors, windows, cabinets, a
//! street, the sea.

use super::*;

/// Where a wall is sampled: `u`, `v` across the picture, `wx` across the wall (centred), the
/// picture's aspect, and the scene's seed.
#[derive(Clone, Copy)]
pub(super) struct WallPoint {
    u: f32,
    v: f32,
    wx: f32,
    aspect: f32,
    seed: u32,
}

/// The wall behind the surface: each setting's own, darkened where it meets the surface.
pub(super) fn wall(p: &Paint, u: f32, v: f32, wx: f32, aspect: f32, seed: u32) -> Rgb {
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let at = WallPoint {
        u,
        v,
        wx,
        aspect,
        seed,
    };
    // Ambient occlusion where the wall meets the surface.
    let ao = 1.0 - 0.22 * smoothstep(0.08, 0.0, hz - v);
    let c = match p.setting {
        Setting::Marble => {
            // Honed travertine: soft horizontal banding and pores, then a brass rail.
            let band = n.fbm(wx * 0.7, v * 16.0, 3);
            let pores = smoothstep(0.72, 0.8, n.value(wx * 60.0, v * 140.0)) * 0.12;
            let (_, vein) = marble(n, wx * 1.4 + 9.0, v * 1.4, 4);
            let stone = scale(m.wall, (0.9 + 0.16 * band) * (1.0 - pores));
            let c = mix(stone, scale(m.wall, 0.72), vein * 0.35);
            let rail =
                smoothstep(0.0, 0.002, v - (hz - 0.016)) * smoothstep(hz - 0.004, hz - 0.006, v);
            let shine = 1.0 + 0.35 * smoothstep(0.3, 0.0, (u - 0.5 - p.light.side * 0.2).abs());
            mix(c, scale(m.trim, shine), rail)
        }
        Setting::Vanity => vanity_wall(p, at),
        Setting::Tray => {
            let band = n.fbm(wx * 0.7, v * 16.0, 3);
            scale(m.wall, 0.92 + 0.12 * band)
        }
        Setting::CuttingBoard => cutting_board_wall(p, at),
        Setting::Bathroom => bathroom_wall(p, at),
        Setting::Garden => {
            let sky_top = mix(m.wall2, p.light.key, 0.25);
            let sky = mix(sky_top, hex(0xE8EEF2), smoothstep(0.0, hz, v));
            let edge = 0.18 + 0.22 * n.fbm(u * 3.0 * aspect, 1.7, 4);
            let f = smoothstep(edge - 0.04, edge + 0.08, v);
            let leaf = 0.55 + 0.6 * n.fbm(wx * 7.0, v * 7.0, p.octaves.min(4));
            mix(sky, scale(m.wall, leaf), f)
        }
        Setting::Bedroom => bedroom_wall(p, at),
        Setting::KitchenCounter => kitchen_counter_wall(p, at),
        Setting::WoodenTable => {
            // Lime plaster, a window's light falling on it and a low sideboard's shadow.
            let mottle = 0.93 + 0.1 * n.fbm(wx * 2.0, v * 2.0, 4);
            let c = scale(m.wall, mottle);
            let side = p.light.side.signum();
            let wu = wx * side;
            let pane = smoothstep(0.05, 0.09, wu)
                * smoothstep(0.62, 0.56, wu)
                * smoothstep(0.08, 0.13, v)
                * smoothstep(hz - 0.1, hz - 0.16, v);
            let mullion = 1.0 - smoothstep(0.012, 0.004, (wu - 0.33).abs()) * 0.8;
            let glow = pane * mullion * 0.32;
            mix(c, mix(m.wall2, [1.0; 3], 0.3), glow)
        }
        Setting::Desk => desk_wall(p, at),
        Setting::Shelf | Setting::StoneSlab => {
            let mottle = 0.94 + 0.08 * n.fbm(wx * 3.0, v * 3.0, 3);
            scale(m.wall, mottle)
        }
        Setting::Windowsill => windowsill_wall(p, at),
        Setting::BedsideTable => {
            // Beside the bed: plaster above, the linen-made bed's edge away from the table.
            let mottle = 0.95 + 0.07 * n.fbm(wx * 3.0, v * 3.0, 3);
            let c = scale(m.wall, mottle);
            let side = -p.light.side.signum();
            let bed = smoothstep(0.08, 0.1, wx * side) * smoothstep(hz - 0.24, hz - 0.22, v);
            let folds = 0.86 + 0.14 * (wx * 18.0 + 2.0 * n.fbm(wx * 2.0, v * 4.0, 3)).sin();
            mix(c, scale(m.wall2, folds), bed)
        }
        Setting::Cafe => {
            // A café interior far out of focus: panelling, a bright window, warm lamps.
            let panel = 0.86 + 0.14 * ((wx * 9.0).sin() * 0.5 + 0.5);
            let mut c = scale(m.wall, panel * (0.9 + 0.15 * n.fbm(wx * 1.5, v * 2.0, 3)));
            let side = p.light.side.signum();
            let window = smoothstep(0.1, 0.2, wx * side)
                * smoothstep(0.12, 0.2, v)
                * smoothstep(hz - 0.12, hz - 0.2, v);
            c = mix(c, hex(0xF3EEE4), window * 0.75);
            let counter = smoothstep(hz - 0.12, hz - 0.1, v);
            mix(c, scale(m.wall, 0.6), counter)
        }
        Setting::OutdoorCafe => outdoor_cafe_wall(p, at),
        Setting::Beach => beach_wall(p, at),
        Setting::Studio => m.wall,
    };
    let ao = if open_air(p.setting) { 1.0 } else { ao };
    scale(c, ao)
}

pub(super) fn vanity_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint {
        v,
        wx,
        aspect,
        seed,
        ..
    } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    // Tiles behind the vanity, with a wide mirror above the sink.
    let c = tiles(
        n,
        m.wall,
        m.detail,
        wx,
        v,
        (0.1, 0.1, 0.005, 0.0),
        0.03,
        seed,
    );
    let sx = sink_u(p.light.side, aspect);
    let (mx0, mx1) = (sx - 0.26, sx + 0.26);
    let (my0, my1) = (0.06, hz - 0.14);
    let inside = smoothstep(mx0, mx0 + 0.004, wx)
        * smoothstep(mx1, mx1 - 0.004, wx)
        * smoothstep(my0, my0 + 0.004, v)
        * smoothstep(my1, my1 - 0.004, v);
    let glass = mix(
        mix(m.wall, [1.0; 3], 0.5),
        scale(m.wall, 0.8),
        (v - my0) / (my1 - my0),
    );
    mix(c, glass, inside)
}

pub(super) fn cutting_board_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, seed, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let c = tiles(
        n,
        m.wall,
        scale(m.wall, 0.82),
        wx,
        v,
        (0.12, 0.06, 0.004, 0.5),
        0.05,
        seed,
    );
    let cab_bottom = hz - 0.3;
    let under = 1.0 - 0.3 * smoothstep(0.05, 0.0, v - cab_bottom);
    if v < cab_bottom {
        let fx = (wx / 0.3).rem_euclid(1.0);
        let frame = smoothstep(0.0, 0.02, fx) * smoothstep(1.0, 0.98, fx);
        scale(m.wall2, 0.75 + 0.25 * frame)
    } else {
        scale(c, under)
    }
}

pub(super) fn bathroom_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint {
        v,
        wx,
        aspect,
        seed,
        ..
    } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let c = tiles(
        n,
        m.wall,
        m.detail,
        wx,
        v,
        (0.12, 0.06, 0.006, 0.5),
        0.03,
        seed,
    );
    // A round mirror on the light's side, reflecting a bright, blurred room.
    let (mx, my, mr) = (
        p.light.side.signum() * 0.26 * aspect.min(1.0),
        hz - 0.3,
        0.14,
    );
    let d = ((wx - mx).powi(2) + (v - my).powi(2)).sqrt();
    let glass = mix(
        mix(m.wall, [1.0; 3], 0.55),
        scale(m.wall, 0.85),
        smoothstep(my - mr, my + mr, v),
    );
    let c = mix(c, glass, smoothstep(mr, mr - 0.004, d));
    mix(c, m.trim, smoothstep(0.006, 0.002, (d - mr).abs()))
}

pub(super) fn bedroom_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint {
        u, v, wx, aspect, ..
    } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let mottle = 0.95 + 0.07 * n.fbm(wx * 3.0, v * 3.0, 3);
    let mut c = scale(m.wall, mottle);
    // A tall upholstered headboard with vertical channels behind the bed.
    let top = hz - 0.34;
    let half = 0.46 * aspect.min(1.3);
    let inside = smoothstep(half, half - 0.01, wx.abs());
    let rounded = top + 0.04 * (wx / half).powi(8);
    if v > rounded - 0.01 {
        let channel = 0.84 + 0.16 * ((wx * 24.0).sin().abs()).sqrt();
        let hb = scale(m.wall2, channel);
        c = mix(c, hb, smoothstep(rounded, rounded + 0.006, v) * inside);
    }
    // Sheer curtains on the light's side: vertical folds glowing with the window.
    let side = p.light.side.signum();
    let cu = if side > 0.0 { u } else { 1.0 - u };
    let curtain = smoothstep(0.8, 0.86, cu);
    let folds = 0.8 + 0.2 * ((wx * 40.0 + 3.0 * n.value(wx * 3.0, 0.5)).sin());
    mix(
        c,
        scale(mix(p.light.key, [1.0; 3], 0.5), 1.15 * folds),
        curtain * 0.6,
    )
}

pub(super) fn kitchen_counter_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, seed, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    // Wall cabinets above a zellige backsplash.
    let cab_bottom = hz - 0.22;
    if v < cab_bottom {
        let door = 0.28;
        let fx = (wx / door).rem_euclid(1.0);
        let frame = smoothstep(0.0, 0.02, fx) * smoothstep(1.0, 0.98, fx);
        let inset = smoothstep(0.08, 0.1, fx)
            * smoothstep(0.92, 0.9, fx)
            * smoothstep(0.03, 0.05, v)
            * smoothstep(cab_bottom - 0.03, cab_bottom - 0.05, v);
        let handle = smoothstep(0.012, 0.006, (fx - 0.88).abs())
            * smoothstep(cab_bottom - 0.1, cab_bottom - 0.08, v)
            * smoothstep(cab_bottom - 0.03, cab_bottom - 0.05, v);
        let panel = scale(m.wall2, (0.92 + 0.08 * inset) * (0.7 + 0.3 * frame));
        // The cabinets' underside throws a band of shadow on the tiles below.
        mix(panel, m.trim, handle)
    } else {
        let under = 1.0 - 0.35 * smoothstep(0.05, 0.0, v - cab_bottom);
        scale(
            tiles(
                n,
                m.wall,
                scale(m.wall, 0.8),
                wx,
                v,
                (0.055, 0.055, 0.003, 0.0),
                0.07,
                seed,
            ),
            under,
        )
    }
}

pub(super) fn desk_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, aspect, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let mottle = 0.95 + 0.07 * n.fbm(wx * 2.5, v * 2.5, 3);
    let mut c = scale(m.wall, mottle);
    // A cork pinboard above the desk, away from the light.
    let side = -p.light.side.signum();
    let (bx, by, bw, bh) = (side * 0.24 * aspect.min(1.0), hz - 0.3, 0.22, 0.15);
    let inside =
        smoothstep(bw, bw - 0.004, (wx - bx).abs()) * smoothstep(bh, bh - 0.004, (v - by).abs());
    if inside > 0.0 {
        let cork = scale(m.wall2, 0.85 + 0.25 * n.value(wx * 120.0, v * 120.0));
        let frame = smoothstep(bw - 0.012, bw - 0.008, (wx - bx).abs()).max(smoothstep(
            bh - 0.012,
            bh - 0.008,
            (v - by).abs(),
        ));
        let board = mix(cork, m.trim, frame);
        // Pinned notes.
        let note = |nx: f32, ny: f32, c: Rgb| {
            let k = smoothstep(0.045, 0.042, (wx - bx - nx).abs())
                * smoothstep(0.04, 0.037, (v - by - ny).abs());
            (k, c)
        };
        let mut b = board;
        for (k, col) in [
            note(-0.1, -0.04, hex(0xF4F0E6)),
            note(0.06, 0.03, hex(0xF2D37A)),
            note(0.12, -0.06, hex(0xBCD8E4)),
        ] {
            b = mix(b, col, k);
        }
        c = mix(c, b, inside);
    }
    c
}

pub(super) fn windowsill_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, aspect, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    // A tall window filling the wall above the sill: a bright sky over a garden
    // far out of focus, in a painted frame with one glazing bar.
    let half = 0.34 * aspect.clamp(0.7, 1.4);
    let mottle = 0.95 + 0.06 * n.fbm(wx * 3.0, v * 3.0, 3);
    let plaster = scale(m.wall, mottle);
    let garden = hz - 0.3 + 0.06 * n.fbm(wx * 2.0, 4.0, 3);
    let leaf = 0.7 + 0.3 * n.fbm(wx * 4.0, v * 4.0, 3);
    let view = mix(
        mix(m.wall2, [1.0; 3], 0.35 * smoothstep(hz, 0.0, v)),
        scale(mix(hex(0x8FA87A), m.wall2, 0.35), leaf),
        smoothstep(garden - 0.05, garden + 0.12, v),
    );
    let pane = smoothstep(half, half - 0.004, wx.abs());
    let c = mix(plaster, scale(view, 1.18), pane);
    // Glazing bars: one upright, one transom, and the frame's inner edge; seen
    // against the light they are darker than the glass.
    let bar = smoothstep(0.011, 0.007, wx.abs())
        .max(smoothstep(0.008, 0.005, (v - (hz - 0.34)).abs()))
        .max(smoothstep(half - 0.03, half - 0.026, wx.abs()) * pane)
        .max(smoothstep(hz - 0.045, hz - 0.04, v) * pane);
    let frame = smoothstep(half + 0.03, half + 0.026, wx.abs()) * (1.0 - pane);
    let c = mix(c, scale(m.trim, 0.95), frame);
    mix(c, scale(mix(m.trim, m.wall, 0.4), 0.72), bar * pane)
}

pub(super) fn outdoor_cafe_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    // A street of cafés out of focus: sky, facades with windows, a striped awning.
    let sky = mix(hex(0x9CC3E4), hex(0xE8EEF2), smoothstep(0.0, 0.25, v));
    let roof = 0.1 + 0.04 * n.fbm(wx * 2.0, 3.0, 2);
    let facade = {
        let win_x = (wx * 5.0).rem_euclid(1.0);
        let win_y = (v * 7.0).rem_euclid(1.0);
        let window = smoothstep(0.25, 0.3, win_x)
            * smoothstep(0.75, 0.7, win_x)
            * smoothstep(0.2, 0.28, win_y)
            * smoothstep(0.85, 0.78, win_y);
        mix(
            scale(m.wall, 0.95 + 0.1 * n.fbm(wx * 2.0, v * 2.0, 3)),
            hex(0x4A5A66),
            window * 0.7,
        )
    };
    let mut c = mix(sky, facade, smoothstep(roof, roof + 0.01, v));
    let (a0, a1) = (0.3, 0.42);
    if v > a0 && v < a1 + 0.02 {
        let stripe = ((wx * 14.0).rem_euclid(2.0) < 1.0) as i32 as f32;
        let fabric = mix(m.wall2, hex(0xF2EEE6), stripe);
        let scallop = a1 + 0.015 * ((wx * 14.0 * std::f32::consts::PI).sin()).abs();
        let shade = 0.85 + 0.2 * (v - a0) / (a1 - a0);
        c = mix(
            c,
            scale(fabric, shade),
            smoothstep(scallop, scallop - 0.004, v),
        );
    }
    // Planters of greenery along the street.
    let hedge = hz - 0.1 + 0.03 * n.fbm(wx * 6.0, 0.3, 3);
    let leaf = 0.55 + 0.55 * n.fbm(wx * 12.0, v * 12.0, 3);
    mix(
        c,
        scale(hex(0x4F7A45), leaf),
        smoothstep(hedge, hedge + 0.01, v),
    )
}

pub(super) fn beach_wall(p: &Paint, at: WallPoint) -> Rgb {
    let WallPoint { v, wx, .. } = at;
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    let sea_line = hz - 0.14;
    let sky = mix(
        mix(m.wall, p.light.key, 0.2),
        hex(0xEEF3F4),
        smoothstep(0.0, sea_line, v),
    );
    if v < sea_line {
        let cloud = smoothstep(0.55, 0.8, n.fbm(wx * 1.6, v * 5.0, 4)) * 0.45;
        mix(sky, [1.0; 3], cloud * smoothstep(sea_line, 0.05, v))
    } else {
        // The sea: darker far out, lighter and streaked with foam near the shore.
        let depth = (v - sea_line) / (hz - sea_line);
        let waves = 0.93 + 0.1 * (n.fbm(wx * 3.0, v * 60.0, 3) * 6.0).sin();
        let sea = scale(mix(scale(m.wall2, 0.8), m.wall2, depth), waves);
        let foam = smoothstep(0.78, 0.95, depth) * (0.4 + 0.6 * n.value(wx * 30.0, v * 80.0));
        mix(sea, [0.97; 3], foam * 0.8)
    }
}
