//! Ad designs as the studio sets them: the bundled fonts (read once from the Debian packages
//! that install them) and a stored design's copy, brand and template in the engine's terms.

use std::sync::OnceLock;

use domain::{AdRole, AdTemplate, BrandColour, DesignLayer, DesignRecord, Placement};
use engine::design::{self, AdCopy, Brand, Design, FontBook, Role, Template};

/// The bundled fonts; a font whose file is missing is left out (a design asking for it is
/// refused saying it is not installed).
pub fn fonts() -> &'static FontBook {
    static FONTS: OnceLock<FontBook> = OnceLock::new();
    FONTS.get_or_init(|| {
        let mut book = FontBook::new();
        for f in design::CATALOGUE {
            match std::fs::read(f.path) {
                Ok(bytes) => {
                    if let Err(e) = book.add(f.name, bytes) {
                        tracing::warn!(font = f.name, error = %e, "a bundled font could not be read");
                    }
                }
                Err(e) => tracing::warn!(
                    font = f.name,
                    path = f.path,
                    package = f.package,
                    error = %e,
                    "a bundled font is not installed"
                ),
            }
        }
        book
    })
}

pub fn template(t: AdTemplate) -> Template {
    match t {
        AdTemplate::HeadlineTopLeft => Template::HeadlineTopLeft,
        AdTemplate::OfferBadge => Template::OfferBadge,
        AdTemplate::BottomBar => Template::BottomBar,
        AdTemplate::CenteredQuote => Template::CenteredQuote,
        AdTemplate::PriceTag => Template::PriceTag,
        AdTemplate::Story => Template::Story,
        AdTemplate::SplitPanel => Template::SplitPanel,
        AdTemplate::TopBanner => Template::TopBanner,
    }
}

/// The brand a design is set in: the kit's colours, its heading family's bold for the
/// headline and its body family's regular for the rest.
pub fn brand(record: &DesignRecord) -> Brand {
    Brand {
        colours: record.colours.iter().map(|c| c.rgb()).collect(),
        heading_font: format!("{} Bold", record.heading_font),
        body_font: record.body_font.clone(),
        logo: None,
    }
}

/// The design's words; the logo only when there is one to place.
pub fn copy(record: &DesignRecord, has_logo: bool) -> AdCopy {
    AdCopy {
        headline: record.copy.headline.clone(),
        subline: record.copy.subline.clone(),
        offer: record.copy.offer.clone(),
        cta: record.copy.cta.clone(),
        logo: record.copy.logo && has_logo,
    }
}

fn placement(r: design::Rect) -> Placement {
    Placement {
        x: r.x,
        y: r.y,
        width: r.w.max(0) as u32,
        height: r.h.max(0) as u32,
    }
}

/// Records a laid-out design's text layers and logo box.
pub fn record_layers(record: &mut DesignRecord, d: &Design) {
    record.layers = d
        .layers
        .iter()
        .filter_map(|layer| {
            let role = match layer.role {
                Role::Headline => AdRole::Headline,
                Role::Subline => AdRole::Subline,
                Role::Offer => AdRole::Offer,
                Role::Cta => AdRole::Cta,
                Role::Logo => return None,
            };
            Some(DesignLayer {
                role,
                text: layer.text.clone(),
                font: layer.font.clone(),
                size: layer.size,
                colour: BrandColour::new(layer.colour),
                bounds: placement(layer.bounds),
            })
        })
        .collect();
    record.logo = d.logo.map(placement);
}
