//! A brand's colours read from its logo.

use image::RgbaImage;

/// Up to `max` colours of `logo`, most covered first: its opaque pixels (alpha ≥ 128) grouped
/// into 4-bit-per-channel boxes, each box's mean colour, boxes closer than a visible
/// difference merged, and colours covering under 2 % of the logo left out.
pub fn logo_colours(logo: &RgbaImage, max: usize) -> Vec<[u8; 3]> {
    let mut bins = vec![(0u64, [0u64; 3]); 4096];
    let mut opaque = 0u64;
    for p in logo.pixels().filter(|p| p[3] >= 128) {
        let i = (p[0] as usize >> 4) << 8 | (p[1] as usize >> 4) << 4 | p[2] as usize >> 4;
        let bin = &mut bins[i];
        bin.0 += 1;
        for c in 0..3 {
            bin.1[c] += u64::from(p[c]);
        }
        opaque += 1;
    }
    let mut found: Vec<(u64, [u64; 3])> = bins.into_iter().filter(|b| b.0 > 0).collect();
    found.sort_by_key(|b| std::cmp::Reverse(b.0));
    let mean = |(n, sum): &(u64, [u64; 3])| sum.map(|s| (s / n.max(&1)) as u8);
    let mut groups: Vec<(u64, [u64; 3])> = Vec::new();
    for bin in found {
        let colour = mean(&bin);
        match groups.iter_mut().find(|g| distance(mean(g), colour) < 40.0) {
            Some(group) => {
                group.0 += bin.0;
                for c in 0..3 {
                    group.1[c] += bin.1[c];
                }
            }
            None => groups.push(bin),
        }
    }
    groups.sort_by_key(|g| std::cmp::Reverse(g.0));
    groups
        .iter()
        .filter(|g| g.0 * 50 >= opaque)
        .take(max)
        .map(mean)
        .collect()
}

fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
    (0..3)
        .map(|c| (a[c] as f32 - b[c] as f32).powi(2))
        .sum::<f32>()
        .sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn the_colours_are_the_logos_own_most_covered_first() {
        // A red disc with a white core on transparency, a thin blue rim under 2 %.
        let logo = RgbaImage::from_fn(100, 100, |x, y| {
            let d = ((x as f32 - 49.5).powi(2) + (y as f32 - 49.5).powi(2)).sqrt();
            match d {
                d if d < 20.0 => Rgba([255, 255, 255, 255]),
                d if d < 45.0 => Rgba([200, 30, 40, 255]),
                d if d < 45.5 => Rgba([0, 0, 255, 255]),
                _ => Rgba([0, 200, 0, 0]),
            }
        });
        assert_eq!(logo_colours(&logo, 5), vec![[200, 30, 40], [255, 255, 255]]);
        assert_eq!(logo_colours(&logo, 1), vec![[200, 30, 40]]);
        assert!(logo_colours(&RgbaImage::new(8, 8), 5).is_empty());
    }
}
