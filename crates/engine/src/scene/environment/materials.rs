//! Each setting's materials: its wall, second colour, surface, detail and trim under each
//! palette, moved by a named accent colour and away from colours the prompt rules out.

use domain::ColorPalette;

use crate::prompt::{Setting, Tone};
use crate::scene::raster::{hex, luma, mix, scale, Rgb};

/// Colours and finish of one setting under one palette.
#[derive(Debug, Clone)]
pub struct Materials {
    /// The main backdrop: paper, plaster, tiles, travertine, foliage, facade.
    pub wall: Rgb,
    /// The setting's second colour: headboard, cabinets, sea, awning, mirror frame.
    pub wall2: Rgb,
    pub surface: Rgb,
    /// Veins, grout, wood grain, fabric folds.
    pub detail: Rgb,
    /// Brass, chrome or a painted edge.
    pub trim: Rgb,
    /// How mirror-like the surface is (0..1).
    pub reflectivity: f32,
    /// Studio sweeps have no visible horizon.
    pub seamless: bool,
}

fn near(a: Rgb, b: Rgb) -> bool {
    (a[0] - b[0]).abs() + (a[1] - b[1]).abs() + (a[2] - b[2]).abs() < 0.3
}

/// Five colours per palette, in palette order: warm, cool, bold, dreamy, neutral.
fn by_palette(palette: ColorPalette, colors: [u32; 5]) -> Rgb {
    hex(match palette {
        ColorPalette::WarmCozy => colors[0],
        ColorPalette::CoolFresh => colors[1],
        ColorPalette::BoldDramatic => colors[2],
        ColorPalette::SoftDreamy => colors[3],
        ColorPalette::NeutralClean => colors[4],
    })
}

impl Materials {
    pub fn new(
        setting: Setting,
        palette: ColorPalette,
        tone: Option<Tone>,
        accent: Option<Rgb>,
        avoid: &[Rgb],
    ) -> Self {
        let (wall, wall2, surface, detail, trim, reflectivity) =
            setting_colors(setting, palette, tone);
        let seamless = setting == Setting::Studio;
        let mut m = Materials {
            wall,
            wall2,
            surface,
            detail,
            trim,
            reflectivity,
            seamless,
        };
        if let Some(accent) = accent {
            m.take_accent(setting, accent);
        }
        m.avoid(avoid);
        m
    }

    /// A named colour becomes the backdrop (and the studio floor, which is the same paper).
    fn take_accent(&mut self, setting: Setting, accent: Rgb) {
        let amount = match setting {
            Setting::Garden | Setting::Beach | Setting::OutdoorCafe | Setting::Cafe => 0.0,
            _ => 0.85,
        };
        self.wall = mix(self.wall, accent, amount);
        if self.seamless {
            self.surface = self.wall;
        }
    }

    /// "not on white": moves a backdrop or surface the prompt rules out to a mid tone of
    /// itself.
    fn avoid(&mut self, avoid: &[Rgb]) {
        for a in avoid {
            if near(self.wall, *a) {
                self.wall = if luma(*a) > 0.5 {
                    scale(mix(self.wall, hex(0x9AA3A8), 0.5), 0.8)
                } else {
                    mix(self.wall, [0.85; 3], 0.6)
                };
            }
            if near(self.surface, *a) {
                self.surface = if self.seamless {
                    self.wall
                } else if luma(*a) > 0.5 {
                    scale(self.surface, 0.7)
                } else {
                    mix(self.surface, [0.85; 3], 0.6)
                };
            }
        }
    }
}

// Long by nature: one short arm per setting, each that setting's palette of materials.
/// The setting's (wall, wall2, surface, detail, trim, reflectivity) under `palette`.
fn setting_colors(
    setting: Setting,
    palette: ColorPalette,
    tone: Option<Tone>,
) -> (Rgb, Rgb, Rgb, Rgb, Rgb, f32) {
    use ColorPalette as P;
    let dark =
        tone == Some(Tone::Dark) || (palette == P::BoldDramatic && tone != Some(Tone::Light));
    let pal = |colors| by_palette(palette, colors);
    let brass = hex(0xC9A45C);
    let chrome = hex(0xD9DDE0);
    match setting {
        Setting::Marble => {
            // Polished Calacatta on a counter before a deep-toned stone wall; a black
            // counter only when asked for ("dark marble").
            let (surface, veins) = if tone == Some(Tone::Dark) {
                (hex(0x1A1A1D), hex(0xD8D6D2))
            } else {
                (
                    pal([0xF3ECE1, 0xEEF1F3, 0xEDEBE8, 0xF4E9E7, 0xF2F1EE]),
                    // Warm and neutral marble is veined with gold.
                    pal([0xB8914A, 0x7D8A97, 0x9A8A6A, 0xB88F97, 0xAE8536]),
                )
            };
            let wall = pal([0x8A7260, 0x6F7F8C, 0x141416, 0xB98E92, 0x8A7F74]);
            (wall, scale(wall, 0.8), surface, veins, brass, 0.3)
        }
        Setting::Bathroom => {
            let tiles = pal([0xC8A27C, 0xBCDADB, 0x2A6660, 0xA9D3CF, 0xCFE1DC]);
            let counter = if dark {
                hex(0x3A3B3F)
            } else {
                pal([0xB9A993, 0xA9B1B5, 0x3A3B3F, 0xC7B7B5, 0xB4ADA4])
            };
            (tiles, chrome, counter, scale(tiles, 0.62), chrome, 0.2)
        }
        Setting::Studio => {
            let paper = pal([0xE3CBAF, 0xCCDEE8, 0x30353C, 0xF0D9E0, 0xEBEBE9]);
            let paper = match tone {
                Some(Tone::Dark) => hex(0x2B2D31),
                Some(Tone::Light) => mix(paper, [1.0; 3], 0.5),
                None => paper,
            };
            (paper, paper, paper, paper, paper, 0.1)
        }
        Setting::Garden => {
            let wood = if dark {
                hex(0x4A3426)
            } else {
                pal([0xA0765A, 0xA39A8C, 0x6B4A35, 0xC9B29A, 0xA88E74])
            };
            let foliage = pal([0x5E6B2E, 0x3F7A5A, 0x1E3B22, 0x9DB38A, 0x66785C]);
            (foliage, hex(0x7FA8D6), wood, scale(wood, 0.55), wood, 0.0)
        }
        Setting::Bedroom => {
            // White sheets stay white against a bold room's dark walls.
            let linen = if tone == Some(Tone::Dark) {
                hex(0x2C3A36)
            } else {
                pal([0xE8D9C4, 0xE2E8EE, 0xD9D4CC, 0xF3E1DF, 0xEEE9E1])
            };
            let wall = pal([0xD9BFA2, 0xC6D0D8, 0x3B3430, 0xE4D3D6, 0xD3C3B1]);
            // The upholstered headboard is the room's signature colour.
            let headboard = pal([0xA2603F, 0x6F879C, 0x2E4A3F, 0x8C7FAA, 0x8F9A83]);
            (
                wall,
                headboard,
                linen,
                scale(linen, 0.8),
                hex(0x8A6446),
                0.0,
            )
        }
        Setting::KitchenCounter => {
            let tiles = pal([0xD9A37F, 0xD6E3EA, 0x2D5A4C, 0xEFD2CD, 0xEAE3D4]);
            let cabinets = pal([0x7C8C6E, 0x5F7F95, 0x1B2E28, 0xB9C7B0, 0x93A28E]);
            let block = if tone == Some(Tone::Dark) {
                hex(0x5A3A24)
            } else {
                pal([0xB4783F, 0xC09A72, 0xA0703F, 0xD2AE88, 0xB8895A])
            };
            (tiles, cabinets, block, scale(block, 0.7), chrome, 0.05)
        }
        Setting::WoodenTable => {
            let wall = pal([0xE1CBAE, 0xD2D9DE, 0x2E2A27, 0xF0E0DD, 0xDCD2C5]);
            let table = if dark {
                hex(0x3A281C)
            } else if tone == Some(Tone::Light) {
                hex(0xC9AE8E)
            } else {
                pal([0x7E5134, 0x8F8273, 0x4A3222, 0xB59A86, 0x7A5A40])
            };
            (wall, hex(0xFFF6E4), table, scale(table, 0.6), table, 0.04)
        }
        Setting::Desk => {
            let wall = pal([0xD5BC9E, 0xAFC2CF, 0x2B3F5C, 0xDCCFE3, 0xB4BFC6]);
            let desk = if dark {
                hex(0x3B3531)
            } else {
                pal([0xC89B6C, 0xD3BFA4, 0x8A6A4E, 0xE2CDB8, 0xCBA67E])
            };
            (
                wall,
                hex(0xB88A5A),
                desk,
                scale(desk, 0.75),
                hex(0x2F3236),
                0.05,
            )
        }
        Setting::Shelf => {
            let wall = pal([0x9E5B43, 0x4F6B7E, 0x5A2A2A, 0xB497A6, 0x56655F]);
            let board = if dark {
                hex(0x4B3323)
            } else {
                pal([0xBE8A58, 0xC4A47E, 0x8B5E3C, 0xD8BC9E, 0xB98C60])
            };
            (wall, scale(wall, 0.7), board, scale(board, 0.7), board, 0.0)
        }
        Setting::Cafe => {
            let wood = pal([0x5C3A26, 0x4A4440, 0x24180F, 0x7A5A50, 0x4E3A2C]);
            let table = if dark {
                hex(0x2A2A2C)
            } else {
                pal([0xEDE3D6, 0xE9ECEE, 0xDAD6D0, 0xF2E6E4, 0xE9E6E1])
            };
            (wood, hex(0xFFC27A), table, scale(table, 0.62), brass, 0.12)
        }
        Setting::OutdoorCafe => {
            let facade = pal([0xDDB58E, 0xCFD6D6, 0x5B4A3E, 0xEBCFC8, 0xD8CBB7]);
            let awning = pal([0xB5472F, 0x2F5D7A, 0x7A1E2A, 0xD88FA0, 0x2F5D50]);
            let table = if dark {
                hex(0x2B2F2D)
            } else {
                pal([0xE6DCCB, 0xDDE3E5, 0x3E4A44, 0xF0E3E0, 0xE4E0D8])
            };
            (facade, awning, table, hex(0x3F5E52), hex(0x2E3B35), 0.08)
        }
        Setting::Beach => {
            let sand = if dark {
                hex(0xA89272)
            } else {
                pal([0xE6C9A0, 0xE8DCC6, 0xC7A77E, 0xF0DDCB, 0xE4D2B2])
            };
            let sea = pal([0x3E8A9E, 0x2F8FB5, 0x14465E, 0x7FB9C8, 0x3C8DAE]);
            (
                hex(0x8EC0E6),
                sea,
                sand,
                scale(sand, 0.82),
                hex(0xF4F1EA),
                0.0,
            )
        }
        Setting::Windowsill => {
            // Painted plaster around a tall window; an oiled oak sill.
            let plaster = pal([0xEADCC8, 0xE3E6E6, 0x4A4440, 0xF1E4E4, 0xE8E4DC]);
            let sky = pal([0xF4E2C4, 0xD6E6F2, 0x8FA3B8, 0xEADFF0, 0xE4ECF0]);
            let sill = if tone == Some(Tone::Light) {
                hex(0xE6DCCB)
            } else if dark {
                hex(0x4A3222)
            } else {
                pal([0xB07A4A, 0xB8986E, 0x7A5234, 0xC9A585, 0xB08A62])
            };
            (plaster, sky, sill, scale(sill, 0.6), hex(0xF2EEE6), 0.02)
        }
        Setting::Vanity => {
            let tiles = pal([0xD2B49A, 0x8FBFC8, 0x2A4E57, 0xC39FC0, 0xB5C7C2]);
            let counter = if dark {
                hex(0x3A3B3F)
            } else {
                pal([0xEDE6DC, 0xEEF0F0, 0x55575C, 0xF3ECEC, 0xF1F0EC])
            };
            (
                tiles,
                hex(0xF7F7F5),
                counter,
                scale(tiles, 0.7),
                chrome,
                0.18,
            )
        }
        Setting::Tray => {
            let marble = pal([0xF3ECE1, 0xEEF1F3, 0xE2DFDA, 0xF4E9E7, 0xF2F1EE]);
            let veins = pal([0x9C7E5C, 0x7D8A97, 0x6A6660, 0xB88F97, 0x85807A]);
            let wall = pal([0xB59C84, 0x8F9EA8, 0x2A2724, 0xC9AAAE, 0xA99E92]);
            let tray = if dark {
                hex(0x3E2A1E)
            } else {
                pal([0xA86F42, 0xA88A66, 0x6E4A30, 0xC09A7E, 0xA57E58])
            };
            (wall, tray, marble, veins, brass, 0.15)
        }
        Setting::CuttingBoard => {
            let tiles = pal([0xE4D2BE, 0xDCE6EA, 0x8A5A3A, 0xEFDCD8, 0xECE8E0]);
            let cabinets = pal([0x7C8C6E, 0x5F7F95, 0x1E2A38, 0xB9C7B0, 0x93A28E]);
            let counter = if dark {
                hex(0x2F3033)
            } else {
                pal([0xE8E2D8, 0xE4E8EA, 0x4A4C50, 0xF0E8E6, 0xE9E7E2])
            };
            let board = if tone == Some(Tone::Dark) {
                hex(0x5A3A24)
            } else {
                pal([0xC08A52, 0xC8A27A, 0x9A6A3E, 0xD4B08C, 0xC29866])
            };
            // The board's wood is `detail`, the counter beneath it `surface`.
            (tiles, cabinets, counter, board, chrome, 0.05)
        }
        Setting::StoneSlab => {
            let wall = pal([0xC8B8A6, 0xB9C3CA, 0x6B4A3A, 0xD3C4C8, 0xB8BCC0]);
            let slate = if tone == Some(Tone::Light) {
                hex(0x9C9A96)
            } else {
                pal([0x5E5A55, 0x59606A, 0x2E2F33, 0x77727A, 0x5F5F5D])
            };
            (
                wall,
                scale(wall, 0.85),
                slate,
                scale(slate, 0.7),
                slate,
                0.06,
            )
        }
        Setting::BedsideTable => {
            let wall = pal([0xD9BFA2, 0xC6D0D8, 0x3B3430, 0xC9B6D6, 0xD3C3B1]);
            let linen = pal([0xEFE4D4, 0xE8EDF1, 0xCFC8BE, 0xF5E7E5, 0xF1ECE4]);
            let top = if tone == Some(Tone::Light) {
                hex(0xD2B896)
            } else if dark {
                hex(0x3A281C)
            } else {
                pal([0x9A6A44, 0x9C8468, 0x5A3E2A, 0xB8987E, 0x96724F])
            };
            (wall, linen, top, scale(top, 0.62), brass, 0.03)
        }
    }
}
