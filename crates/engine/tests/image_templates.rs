//! Templates look like their names and prompts: Luxe Marble is polished white marble with
//! gold veins (not a yellow wall), Midnight Marble black marble with pale veins, Clean
//! Studio a light grey seamless sweep, Noir Spotlight dark, Spa Fresh white tiles, the
//! gardens green. Measured on the thumbnails the template grid shows, which are renders.

use engine::codec;
use engine::templates::{self, Template};
use image::RgbaImage;

fn thumb(id: &str) -> (RgbaImage, &'static Template) {
    let t = templates::find(id).expect(id);
    let jpeg = templates::render_thumbnail(t, 192).unwrap();
    let img = codec::decode(&jpeg, codec::MAX_DIMENSION).unwrap();
    if std::env::var_os("SAVE_RENDERS").is_some() {
        img.save(format!("/tmp/template-{id}.png")).unwrap();
    }
    (img, t)
}

/// (luma, saturation) of a pixel, 0..1.
fn ls(p: &image::Rgba<u8>) -> (f32, f32) {
    let [r, g, b] = [p[0] as f32, p[1] as f32, p[2] as f32];
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    (
        (0.299 * r + 0.587 * g + 0.114 * b) / 255.0,
        if max > 0.0 { (max - min) / max } else { 0.0 },
    )
}

/// Pixels of rows `v0..v1` (fractions of the height) in the outer thirds of the frame,
/// where the product does not stand.
fn region(img: &RgbaImage, v0: f32, v1: f32) -> Vec<image::Rgba<u8>> {
    let (w, h) = img.dimensions();
    img.enumerate_pixels()
        .filter(|(x, y, _)| {
            let (u, v) = (*x as f32 / w as f32, *y as f32 / h as f32);
            v >= v0 && v < v1 && !(0.3..0.7).contains(&u)
        })
        .map(|(_, _, p)| *p)
        .collect()
}

fn mean(px: &[image::Rgba<u8>], f: impl Fn(&image::Rgba<u8>) -> f32) -> f32 {
    px.iter().map(f).sum::<f32>() / px.len() as f32
}

fn share(px: &[image::Rgba<u8>], f: impl Fn(&image::Rgba<u8>) -> bool) -> f32 {
    px.iter().filter(|p| f(p)).count() as f32 / px.len() as f32
}

#[test]
fn luxe_marble_is_white_marble_with_gold_veins() {
    let (img, t) = thumb("luxe-marble");
    assert!(t.prompt.contains("white and gold-veined marble"));
    let counter = region(&img, 0.72, 0.95);
    let wall = region(&img, 0.05, 0.45);
    let luma = mean(&counter, |p| ls(p).0);
    let sat = mean(&counter, |p| ls(p).1);
    // Gold: warm, mid-light, clearly saturated, in thin veins.
    let gold = share(&counter, |p| {
        let (l, s) = ls(p);
        p[0] > p[1] && p[1] > p[2] && s > 0.12 && (0.35..0.9).contains(&l)
    });
    let wall_sat = mean(&wall, |p| ls(p).1);
    println!("counter luma {luma:.2} sat {sat:.2} gold {gold:.3}; wall sat {wall_sat:.2}");
    assert!(
        luma > 0.72 && sat < 0.16,
        "a white counter: luma {luma:.2}, sat {sat:.2}"
    );
    assert!((0.003..0.3).contains(&gold), "gold veins: {gold:.3}");
    assert!(wall_sat < 0.25, "no yellow wall: saturation {wall_sat:.2}");
}

#[test]
fn midnight_marble_is_black_with_pale_veins() {
    let (img, _) = thumb("midnight-marble");
    let counter = region(&img, 0.72, 0.95);
    let luma = mean(&counter, |p| ls(p).0);
    let veins = share(&counter, |p| ls(p).0 > 0.45);
    println!("counter luma {luma:.2}, pale veins {veins:.3}");
    assert!(luma < 0.3 && veins > 0.005);
}

#[test]
fn the_other_templates_look_like_their_names() {
    let (studio, _) = thumb("clean-studio");
    let all = region(&studio, 0.0, 1.0);
    let (l, s) = (mean(&all, |p| ls(p).0), mean(&all, |p| ls(p).1));
    println!("clean studio: luma {l:.2} sat {s:.2}");
    assert!(l > 0.65 && s < 0.15);

    let (noir, _) = thumb("noir-spotlight");
    let l = mean(&region(&noir, 0.0, 1.0), |p| ls(p).0);
    println!("noir: luma {l:.2}");
    assert!(l < 0.35);

    let (spa, _) = thumb("spa-fresh");
    let l = mean(&region(&spa, 0.05, 0.45), |p| ls(p).0);
    println!("spa fresh wall: luma {l:.2}");
    assert!(l > 0.65);

    let (garden, _) = thumb("fresh-garden");
    let green = share(&region(&garden, 0.05, 0.5), |p| {
        p[1] as i32 > p[2] as i32 + 8 && p[1] as i32 + 10 > p[0] as i32
    });
    println!("fresh garden: green {green:.2}");
    assert!(green > 0.2, "fresh garden: green {green:.2}");
    for t in templates::all() {
        thumb(t.id);
    }
}
