//! Ads asked for in the chat: "make an Instagram ad for the weekend sale", "turn this into a
//! facebook ad with 20% off", "ad for black friday". The seller's own words are the copy's
//! facts — the offer they named ("20% off"), the occasion ("weekend sale"), a quoted headline
//! or button — and the rest is written around them in plain sentence-case English. An offer
//! is never invented: without one the ad carries none.

use domain::{AdProposal, AdTemplate};

use crate::{AssistantReply, StructuredResponse};

/// Words that ask for an ad.
const AD_WORDS: &[&str] = &[
    "ad",
    "ads",
    "advert",
    "adverts",
    "advertisement",
    "advertisements",
    "promo",
    "promos",
    "banner",
    "banners",
];

/// Where the ad runs, as the seller named it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    Instagram,
    InstagramStory,
    Facebook,
    Pinterest,
    TikTok,
}

impl Platform {
    fn name(self) -> &'static str {
        match self {
            Platform::Instagram => "Instagram",
            Platform::InstagramStory => "Instagram story",
            Platform::Facebook => "Facebook",
            Platform::Pinterest => "Pinterest",
            Platform::TikTok => "TikTok",
        }
    }
}

/// What the ad is for, in the seller's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Occasion {
    /// A sale the seller named: "weekend sale", "big summer sale", "sale".
    Sale(String),
    /// A shopping day: "Black Friday", "Cyber Monday".
    ShoppingDay(&'static str),
    /// A day people buy gifts for: "Mother's Day", "Christmas", "the holidays".
    GiftDay(&'static str),
    /// Something new: a launch, a new arrival or collection.
    Launch,
    /// A season: "summer".
    Season(&'static str),
}

impl Occasion {
    /// The occasion as a sentence names it: "the weekend sale", "Black Friday".
    fn phrase(&self) -> String {
        match self {
            Occasion::Sale(name) => format!("the {name}"),
            Occasion::ShoppingDay(day) | Occasion::GiftDay(day) | Occasion::Season(day) => {
                (*day).to_owned()
            }
            Occasion::Launch => "the launch".to_owned(),
        }
    }
}

/// An ad request read from one message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AdAsk {
    pub platform: Option<Platform>,
    pub offer: Option<String>,
    pub occasion: Option<Occasion>,
    /// A headline the seller wrote in quotes.
    pub headline: Option<String>,
    /// A button the seller wrote in quotes after "button" or "call to action".
    pub cta: Option<String>,
}

/// A word of the message: lowercase, with `%`, currency signs and apostrophes kept.
fn words(text: &str) -> Vec<String> {
    text.replace(['’', '‘'], "'")
        .split(|c: char| !(c.is_alphanumeric() || "%$£€'-".contains(c)))
        .map(|w| w.trim_matches(['\'', '-']).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Reads an ad request: a message that names an ad ("ad", "advert", "promo", "banner") or an
/// offer (an offer only makes sense on an ad). `None` for anything else.
pub fn read(message: &str) -> Option<AdAsk> {
    let w = words(message);
    let ask = read_words(message, &w);
    (w.iter().any(|x| AD_WORDS.contains(&x.as_str())) || ask.offer.is_some()).then_some(ask)
}

fn read_words(text: &str, w: &[String]) -> AdAsk {
    let (headline, cta) = quoted(text);
    AdAsk {
        platform: platform(w),
        offer: offer(w),
        occasion: occasion(w),
        headline,
        cta,
    }
}

fn has(w: &[String], word: &str) -> bool {
    w.iter().any(|x| x == word)
}

/// `phrase` (space-separated words) occurs in `w`.
fn has_run(w: &[String], phrase: &str) -> bool {
    let p: Vec<&str> = phrase.split(' ').collect();
    w.windows(p.len())
        .any(|win| win.iter().zip(&p).all(|(a, b)| a == b))
}

fn platform(w: &[String]) -> Option<Platform> {
    let story = ["story", "stories", "reel", "reels"]
        .iter()
        .any(|s| has(w, s));
    if has(w, "tiktok") {
        Some(Platform::TikTok)
    } else if has(w, "instagram") || has(w, "insta") || has(w, "ig") {
        Some(if story {
            Platform::InstagramStory
        } else {
            Platform::Instagram
        })
    } else if has(w, "facebook") || has(w, "fb") {
        Some(Platform::Facebook)
    } else if has(w, "pinterest") {
        Some(Platform::Pinterest)
    } else if story {
        Some(Platform::InstagramStory)
    } else {
        None
    }
}

/// A number as the seller wrote it, digits or a small word.
fn number(word: &str) -> Option<u32> {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    word.parse()
        .ok()
        .or_else(|| WORDS.iter().position(|n| *n == word).map(|n| n as u32))
}

/// The offer the seller named, written the way an ad badge says it; `None` when they named
/// none.
fn offer(w: &[String]) -> Option<String> {
    let base = percent_off(w)
        .or_else(|| money_off(w))
        .or_else(|| deal(w))?;
    // A time the seller put on the offer stays on it.
    let when = [
        "this weekend",
        "today only",
        "this week",
        "all weekend",
        "this month",
        "tonight only",
    ]
    .into_iter()
    .find(|t| has_run(w, t));
    Some(match when {
        Some(when) => format!("{base} {when}"),
        None => base,
    })
}

/// "20% off", "20 percent off", "save 20%", "up to 30% off", "20% discount".
fn percent_off(w: &[String]) -> Option<String> {
    for (i, word) in w.iter().enumerate() {
        let (value, next) = if let Some(n) = word.strip_suffix('%') {
            (n.parse::<u32>().ok(), i + 1)
        } else if w.get(i + 1).is_some_and(|n| n == "percent") {
            (number(word), i + 2)
        } else if w.get(i + 1).is_some_and(|n| n == "per")
            && w.get(i + 2).is_some_and(|n| n == "cent")
        {
            (number(word), i + 3)
        } else {
            continue;
        };
        let Some(value) = value.filter(|v| (1..=100).contains(v)) else {
            continue;
        };
        let up_to = i >= 2 && w[i - 2] == "up" && w[i - 1] == "to";
        let save = i >= 1 && w[i - 1] == "save";
        let off = w
            .get(next)
            .is_some_and(|n| matches!(n.as_str(), "off" | "discount" | "reduction"));
        if !(off || save) {
            continue;
        }
        let pct = format!("{value}% off");
        return Some(if up_to {
            format!("Up to {pct}")
        } else if save {
            format!("Save {value}%")
        } else {
            pct
        });
    }
    None
}

/// "£10 off", "$5 off", "€15 off".
fn money_off(w: &[String]) -> Option<String> {
    w.windows(2).find_map(|pair| {
        let amount = &pair[0];
        let currency = amount.starts_with(['$', '£', '€']) || amount.ends_with('€');
        let digits = amount.trim_matches(['$', '£', '€']);
        (currency && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()))
            .then_some(())
            .filter(|()| pair[1] == "off")
            .map(|()| format!("{amount} off"))
    })
}

/// Deals that are not a discount: free shipping, two for one, buy one get one free.
fn deal(w: &[String]) -> Option<String> {
    let table: [(&[&str], &str); 8] = [
        (&["free shipping"], "Free shipping"),
        (&["free delivery"], "Free delivery"),
        (
            &["buy one get one free", "buy 1 get 1 free", "bogo"],
            "Buy one, get one free",
        ),
        (&["2 for 1", "two for one", "2-for-1"], "2 for 1"),
        (&["3 for 2", "three for two", "3-for-2"], "3 for 2"),
        (&["half price", "half off", "half-price"], "Half price"),
        (&["free gift"], "Free gift with every order"),
        (&["free sample", "free samples"], "Free samples"),
    ];
    table
        .iter()
        .find(|(phrases, _)| phrases.iter().any(|p| has_run(w, p)))
        .map(|(_, text)| (*text).to_owned())
}

/// Days of the week and months keep their capital inside a sentence-case headline.
fn proper(word: &str) -> String {
    const NAMES: &[&str] = &[
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "easter",
        "christmas",
    ];
    if NAMES.contains(&word) {
        capitalize(word)
    } else {
        word.to_owned()
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Words that end the name of a sale when reading back from "sale".
const NOT_A_SALE_NAME: &[&str] = &[
    "the",
    "a",
    "an",
    "for",
    "our",
    "my",
    "your",
    "this",
    "to",
    "with",
    "and",
    "on",
    "in",
    "make",
    "create",
    "me",
    "us",
    "it",
    "that",
    "ad",
    "ads",
    "advert",
    "promo",
    "banner",
    "instagram",
    "facebook",
    "pinterest",
    "tiktok",
    "story",
    "post",
    "is",
    "at",
];

fn occasion(w: &[String]) -> Option<Occasion> {
    let shopping: [(&[&str], &'static str); 5] = [
        (&["black friday"], "Black Friday"),
        (&["cyber monday"], "Cyber Monday"),
        (&["boxing day"], "Boxing Day"),
        (&["prime day"], "Prime Day"),
        (&["singles day", "singles' day"], "Singles' Day"),
    ];
    let gifts: [(&[&str], &'static str); 9] = [
        (
            &["mother's day", "mothers day", "mothers' day"],
            "Mother's Day",
        ),
        (
            &["father's day", "fathers day", "fathers' day"],
            "Father's Day",
        ),
        (
            &[
                "valentine's day",
                "valentines day",
                "valentine's",
                "valentines",
            ],
            "Valentine's Day",
        ),
        (&["christmas", "xmas"], "Christmas"),
        (&["easter"], "Easter"),
        (&["halloween"], "Halloween"),
        (&["hanukkah"], "Hanukkah"),
        (&["holidays", "holiday season"], "the holidays"),
        (&["back to school", "back-to-school"], "back to school"),
    ];
    let find = |table: &[(&[&str], &'static str)]| {
        table
            .iter()
            .find(|(phrases, _)| phrases.iter().any(|p| has_run(w, p)))
            .map(|(_, name)| *name)
    };
    if let Some(day) = find(&shopping) {
        return Some(Occasion::ShoppingDay(day));
    }
    // "for sale" says the product is sold, not that there is a sale.
    let sale = w
        .iter()
        .enumerate()
        .position(|(i, x)| x == "sale" && !(i > 0 && matches!(w[i - 1].as_str(), "for" | "on")));
    if let Some(at) = sale {
        let start = (0..at)
            .rev()
            .take(3)
            .take_while(|&i| {
                !NOT_A_SALE_NAME.contains(&w[i].as_str()) && w[i].chars().all(char::is_alphabetic)
            })
            .last()
            .unwrap_or(at);
        let mut name: Vec<String> = w[start..at].iter().map(|x| proper(x)).collect();
        name.push("sale".into());
        if let Some(day) = find(&gifts) {
            if start == at {
                return Some(Occasion::Sale(format!("{day} sale")));
            }
        }
        return Some(Occasion::Sale(name.join(" ")));
    }
    if let Some(day) = find(&gifts) {
        return Some(Occasion::GiftDay(day));
    }
    let launch = [
        "launch",
        "launching",
        "launches",
        "new arrival",
        "new arrivals",
    ];
    if launch.iter().any(|p| has_run(w, p)) || has_run(w, "new collection") {
        return Some(Occasion::Launch);
    }
    [
        ("summer", "summer"),
        ("spring", "spring"),
        ("autumn", "autumn"),
        ("fall", "fall"),
        ("winter", "winter"),
    ]
    .into_iter()
    .find(|(word, _)| has(w, word))
    .map(|(_, season)| Occasion::Season(season))
}

/// The seller's quoted words: a headline, and a button when the quote follows "button", "cta"
/// or "call to action".
fn quoted(message: &str) -> (Option<String>, Option<String>) {
    let text = message.replace(['“', '”'], "\"");
    let mut headline = None;
    let mut cta = None;
    let parts: Vec<&str> = text.split('"').collect();
    // Odd parts are inside quotes; an unclosed quote is not one.
    for i in (1..parts.len().saturating_sub(1)).step_by(2) {
        let inside = parts[i].trim();
        if inside.is_empty() {
            continue;
        }
        let before = parts[i - 1].to_lowercase();
        let before = before.trim_end_matches([' ', ':', '=']);
        if ["button", "cta", "call to action", "call-to-action"]
            .iter()
            .any(|w| before.ends_with(w))
        {
            cta.get_or_insert_with(|| inside.to_owned());
        } else {
            headline.get_or_insert_with(|| inside.to_owned());
        }
    }
    (headline, cta)
}

/// The copy proposed for a picture before the seller has said anything about an ad: read
/// from the words they gave the campaign and the picture (its name, the prompt) — an
/// occasion or offer there is used, nothing is invented.
pub fn propose_from(words_given: &str) -> AdProposal {
    propose(&read_words(words_given, &words(words_given)))
}

/// The copy and layout the assistant proposes for `ask`.
pub fn propose(ask: &AdAsk) -> AdProposal {
    let headline = ask.headline.clone().unwrap_or_else(|| match &ask.occasion {
        Some(Occasion::Sale(name)) => format!("The {name} is on"),
        Some(Occasion::ShoppingDay(day)) => format!("{day} deals are here"),
        Some(Occasion::GiftDay("back to school")) => "Ready for back to school".to_owned(),
        Some(Occasion::GiftDay(day)) => format!("Just in time for {day}"),
        Some(Occasion::Launch) => "Just landed".to_owned(),
        Some(Occasion::Season(season)) => format!("Made for {season}"),
        None if ask.offer.is_some() => "Treat yourself".to_owned(),
        None => "Take a closer look".to_owned(),
    });
    let cta = ask.cta.clone().unwrap_or_else(|| {
        match &ask.occasion {
            Some(Occasion::Sale(_)) => "Shop the sale",
            Some(Occasion::ShoppingDay(_)) => "Shop the deals",
            Some(Occasion::GiftDay("back to school")) => "Shop now",
            Some(Occasion::GiftDay(_)) => "Shop gifts",
            Some(Occasion::Launch) => "Discover more",
            _ => "Shop now",
        }
        .to_owned()
    });
    AdProposal {
        headline: capitalize(&headline),
        offer: ask.offer.clone(),
        cta,
        template: template(ask.platform, ask.offer.is_some()),
        design_id: None,
    }
}

/// The layout an ad suits: a story's safe zones on a story, the offer in a badge when there
/// is one, Facebook's bottom bar, else the headline over the quietest space.
fn template(platform: Option<Platform>, offer: bool) -> AdTemplate {
    match (platform, offer) {
        (Some(Platform::InstagramStory | Platform::TikTok), _) => AdTemplate::Story,
        (_, true) => AdTemplate::OfferBadge,
        (Some(Platform::Facebook), false) => AdTemplate::BottomBar,
        _ => AdTemplate::HeadlineTopLeft,
    }
}

/// "a", or "an" before a vowel sound.
fn article(next: &str) -> &'static str {
    if next.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    }
}

/// What the answer says when the ad is set on the latest picture; the server replaces it
/// with the reason when the layout refuses a line.
pub const SET_ON_PICTURE: &str = "I've set it on your latest picture in your brand kit — it's free, and you can change any line in the ad's detail view.";

/// An answer whose ad could not be set with it (finished away from the server that sets
/// designs) says how to set it instead of claiming it is set.
pub fn not_set(mut reply: AssistantReply) -> AssistantReply {
    reply.content = reply.content.replace(
        SET_ON_PICTURE,
        "To put it on your latest picture, open the picture on the storyboard and choose “Make an ad” — it's free.",
    );
    reply
}

/// The chat answer to an ad request: the proposed copy in words, and whether it is set on
/// the latest picture now or waits for one.
pub fn reply(ask: &AdAsk, has_picture: bool) -> AssistantReply {
    let proposal = propose(ask);
    let (what, copy) = describe(ask, &proposal);
    let said = format!("Here's {what}: {copy}.");
    let (content, next) = if has_picture {
        (
            format!("{said} {SET_ON_PICTURE}"),
            "Designs cost no credits; the picture itself is unchanged.".to_owned(),
        )
    } else {
        (
            format!(
                "{said} There's no picture in this campaign yet to put it on — generate an image or add a product photo first, then ask me again and I'll set the ad on it."
            ),
            "An ad is set on one of your pictures, so it needs a picture first.".to_owned(),
        )
    };
    let note = if ask.offer.is_none() {
        format!(
            "{next} You didn't name an offer, so the ad has none; tell me one (for example “free shipping”) to add it."
        )
    } else {
        next
    };
    AssistantReply {
        content,
        structured: StructuredResponse {
            clarification_needed: !has_picture,
            suggestions: suggestions(ask),
            additional_comments: Some(note),
            ad: Some(proposal),
            ..StructuredResponse::default()
        },
    }
}

/// A brief for the product the ad is for, written before there is a picture: the answer
/// also proposes the ad's copy, to be set once the picture is made.
pub(crate) fn after_the_picture(ask: &AdAsk, mut brief: AssistantReply) -> AssistantReply {
    let proposal = propose(ask);
    let (what, copy) = describe(ask, &proposal);
    brief.content = format!(
        "{} For {what} I'd use {copy} — generate the image, then ask me for the ad again and I'll set it on the picture.",
        brief.content
    );
    brief.structured.ad = Some(proposal);
    brief
}

/// What the ad is ("an Instagram ad for the weekend sale") and its copy ("the headline “…”
/// and a “…” button").
fn describe(ask: &AdAsk, proposal: &AdProposal) -> (String, String) {
    let kind = match ask.platform {
        Some(p) => format!("{} ad", p.name()),
        None => "ad".to_owned(),
    };
    let what = match &ask.occasion {
        Some(o) => format!("{} {kind} for {}", article(&kind), o.phrase()),
        None => format!("{} {kind}", article(&kind)),
    };
    let copy = match &proposal.offer {
        Some(offer) => format!(
            "the headline “{}”, the offer “{offer}” and a “{}” button",
            proposal.headline, proposal.cta
        ),
        None => format!(
            "the headline “{}” and a “{}” button",
            proposal.headline, proposal.cta
        ),
    };
    (what, copy)
}

/// Three next steps, each an ad request the assistant reads back with the same occasion.
fn suggestions(ask: &AdAsk) -> Vec<String> {
    let mut suggestions = Vec::new();
    let occasion = ask
        .occasion
        .as_ref()
        .map(|o| format!(" for {}", o.phrase()))
        .unwrap_or_default();
    if ask.platform != Some(Platform::InstagramStory) {
        suggestions.push(format!("Make an Instagram story ad{occasion}"));
    }
    if ask.platform != Some(Platform::Facebook) {
        suggestions.push(format!("Make a Facebook ad{occasion}"));
    }
    if ask.offer.is_none() {
        suggestions.push(format!("Make an ad{occasion} with free shipping"));
    } else {
        suggestions.push("Try a golden-hour version".to_owned());
    }
    suggestions.truncate(3);
    suggestions
}

/// Holds a hosted model's ad to the seller's words: an offer is kept only when the seller
/// named one (the model must not promise a discount the seller never gave), a blank line is
/// the offline proposal's, and the layout follows the platform and offer. When the seller
/// asked for an ad and the model wrote none, the offline answer is given instead.
pub(crate) fn settle(
    mut reply: AssistantReply,
    message: &str,
    has_picture: bool,
) -> AssistantReply {
    let ask = read(message);
    let Some(ad) = reply.structured.ad.as_mut() else {
        return match ask {
            Some(ask) => self::reply(&ask, has_picture),
            None => reply,
        };
    };
    let ask = ask.unwrap_or_default();
    let offline = propose(&ask);
    if ask.offer.is_none() {
        ad.offer = None;
    }
    if ad.headline.is_empty() {
        ad.headline = offline.headline;
    }
    if ad.cta.is_empty() {
        ad.cta = offline.cta;
    }
    ad.template = template(ask.platform, ad.offer.is_some());
    reply.structured.clarification_needed = !has_picture;
    reply
}
