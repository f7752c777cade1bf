//! The offline copy rules for ads asked for in the chat: many phrasings are read as an ad
//! request, the seller's offer and occasion are carried into the copy in their words, no
//! discount is invented, and the copy and the answer read as written English.

use ai::builtin::BuiltinAssistant;
use ai::{AdProposal, AdTemplate, AssistantReply, AssistantRequest};

fn answer(message: &str, latest_picture: bool) -> AssistantReply {
    BuiltinAssistant.respond(&AssistantRequest {
        message: message.to_owned(),
        latest_picture,
        ..AssistantRequest::default()
    })
}

fn proposal(message: &str) -> AdProposal {
    let reply = answer(message, true);
    reply
        .structured
        .ad
        .unwrap_or_else(|| panic!("no ad proposed for {message:?}: {}", reply.content))
}

/// Sentence-case English: a capital first letter, no doubled spaces or stray punctuation, no
/// "a" before a vowel or "an" before a consonant, no lower-case day names.
fn assert_written_english(text: &str, context: &str) {
    assert!(!text.is_empty(), "{context}: empty");
    assert!(
        text.chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || "£$€".contains(c)),
        "{context}: {text:?} does not start with a capital"
    );
    assert!(!text.contains("  "), "{context}: doubled space in {text:?}");
    assert!(
        !text.contains(" ,") && !text.contains(" ."),
        "{context}: {text:?}"
    );
    assert!(!text.contains(".."), "{context}: {text:?}");
    let words: Vec<&str> = text.split(' ').collect();
    for pair in words.windows(2) {
        let next = pair[1].trim_start_matches(['“', '"']);
        let vowel = next.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
        match pair[0] {
            "a" | "A" => assert!(!vowel, "{context}: “a {next}” in {text:?}"),
            "an" | "An" => assert!(vowel, "{context}: “an {next}” in {text:?}"),
            _ => {}
        }
    }
    for day in ["friday", "monday", "christmas", "mother's day"] {
        assert!(
            !text.contains(&format!(" {day}")),
            "{context}: {day} not capitalised in {text:?}"
        );
    }
}

#[test]
fn many_phrasings_are_read_as_an_ad_request() {
    for message in [
        "make an Instagram ad for the weekend sale",
        "turn this into a facebook ad with 20% off",
        "ad for black friday",
        "Can you make me an advert for Mother's Day?",
        "I need a promo for our summer sale",
        "create a banner for the launch",
        "make an insta story ad",
        "instagram ads please",
        "put 15% off on it",
        "free shipping this weekend, make it pop",
        "An ad for Christmas with buy one get one free",
        "pinterest ad for valentines",
        "tiktok ad: \"Glow all day\"",
    ] {
        let reply = answer(message, true);
        assert!(
            reply.structured.ad.is_some(),
            "{message:?} → {}",
            reply.content
        );
        assert!(!reply.structured.ready_for_image, "{message:?}");
        assert!(
            reply.structured.refined_image_prompt.is_none(),
            "{message:?}"
        );
    }
}

#[test]
fn photo_requests_and_for_sale_are_not_ads() {
    for message in [
        "an amber perfume bottle on dark marble",
        "add a lemon beside the candle",
        "make my candle look cozy for a winter sale",
        "my mugs are for sale, show them on a kitchen table",
        "a headphones shot with a banana",
        "make it a 5-second video",
    ] {
        let reply = answer(message, true);
        assert!(
            reply.structured.ad.is_none(),
            "{message:?} read as an ad: {}",
            reply.content
        );
    }
}

#[test]
fn the_offer_and_occasion_are_the_sellers_own() {
    let cases: &[(&str, Option<&str>, &str)] = &[
        (
            "make an Instagram ad for the weekend sale",
            None,
            "The weekend sale is on",
        ),
        (
            "turn this into a facebook ad with 20% off",
            Some("20% off"),
            "Treat yourself",
        ),
        (
            "instagram ad for the weekend sale, 20% off",
            Some("20% off"),
            "The weekend sale is on",
        ),
        ("ad for black friday", None, "Black Friday deals are here"),
        (
            "ad for black friday with 30 percent off",
            Some("30% off"),
            "Black Friday deals are here",
        ),
        (
            "promo for our big summer sale, up to 40% off",
            Some("Up to 40% off"),
            "The big summer sale is on",
        ),
        (
            "an advert for mothers day",
            None,
            "Just in time for Mother's Day",
        ),
        (
            "ad for the end of season sale",
            None,
            "The end of season sale is on",
        ),
        (
            "facebook ad, £10 off this weekend",
            Some("£10 off this weekend"),
            "Treat yourself",
        ),
        (
            "ad for cyber monday: free shipping",
            Some("Free shipping"),
            "Cyber Monday deals are here",
        ),
        (
            "christmas ad with buy one get one free",
            Some("Buy one, get one free"),
            "Just in time for Christmas",
        ),
        ("ad for our friday sale", None, "The Friday sale is on"),
        ("an ad for the launch", None, "Just landed"),
        ("make an ad", None, "Take a closer look"),
        (
            "save 25% - instagram ad",
            Some("Save 25%"),
            "Treat yourself",
        ),
        (
            "make an ad with the headline \"Glow all day\" and 2 for 1",
            Some("2 for 1"),
            "Glow all day",
        ),
    ];
    for (message, offer, headline) in cases {
        let ad = proposal(message);
        assert_eq!(ad.offer.as_deref(), *offer, "offer of {message:?}");
        assert_eq!(ad.headline, *headline, "headline of {message:?}");
        assert_written_english(&ad.headline, message);
        assert_written_english(&ad.cta, message);
        if let Some(offer) = &ad.offer {
            assert_written_english(offer, message);
        }
    }
}

#[test]
fn no_discount_is_invented() {
    for message in [
        "make an Instagram ad for the weekend sale",
        "ad for black friday",
        "an ad for our summer sale",
        "make an ad",
        "facebook ad for christmas",
        "tiktok ad for the launch",
    ] {
        let reply = answer(message, true);
        let ad = reply.structured.ad.clone().unwrap();
        assert_eq!(ad.offer, None, "{message:?}");
        let all = format!("{} {} {}", ad.headline, ad.cta, reply.content);
        for invented in ["%", "off", "discount", "£", "$", "free shipping"] {
            let words: Vec<&str> = all
                .split(|c: char| c.is_whitespace() || "“”,.:;—".contains(c))
                .collect();
            assert!(
                !words.iter().any(|w| w.eq_ignore_ascii_case(invented)) && !all.contains('%'),
                "{message:?} mentions {invented:?}: {all}"
            );
        }
        assert_ne!(ad.template, AdTemplate::OfferBadge, "{message:?}");
    }
}

#[test]
fn the_button_and_the_layout_follow_what_was_asked() {
    let ad = proposal("instagram story ad for the weekend sale");
    assert_eq!(ad.template, AdTemplate::Story);
    assert_eq!(ad.cta, "Shop the sale");
    let ad = proposal("facebook ad for the launch");
    assert_eq!(ad.template, AdTemplate::BottomBar);
    assert_eq!(ad.cta, "Discover more");
    let ad = proposal("instagram ad with 20% off");
    assert_eq!(ad.template, AdTemplate::OfferBadge);
    let ad = proposal("make an ad with the button “Order today”");
    assert_eq!(ad.cta, "Order today");
    assert_eq!(ad.headline, "Take a closer look");
    let ad = proposal("ad for valentine's day");
    assert_eq!(ad.cta, "Shop gifts");
}

#[test]
fn the_answer_says_the_copy_and_where_it_goes() {
    let reply = answer("make an Instagram ad for the weekend sale", true);
    assert_eq!(
        reply.content,
        "Here's an Instagram ad for the weekend sale: the headline “The weekend sale is on” and a “Shop the sale” button. I've set it on your latest picture in your brand kit — it's free, and you can change any line in the ad's detail view."
    );
    assert!(!reply.structured.clarification_needed);
    assert_eq!(reply.structured.suggestions.len(), 3);
    let note = reply.structured.additional_comments.unwrap();
    assert!(note.contains("You didn't name an offer"), "{note}");

    let reply = answer("turn this into a facebook ad with 20% off", true);
    assert!(
        reply.content.starts_with(
            "Here's a Facebook ad: the headline “Treat yourself”, the offer “20% off” and a “Shop now” button"
        ),
        "{}",
        reply.content
    );
    assert_written_english(&reply.content, "answer");
    for suggestion in &reply.structured.suggestions {
        assert_written_english(suggestion, "suggestion");
    }
}

#[test]
fn without_a_picture_the_assistant_asks_for_one_first() {
    let reply = answer("ad for black friday", false);
    assert!(reply.structured.clarification_needed);
    assert!(
        reply.content.contains(
            "There's no picture in this campaign yet to put it on — generate an image or add a product photo first"
        ),
        "{}",
        reply.content
    );
    assert_written_english(&reply.content, "answer");
    assert!(reply.structured.ad.is_some());
}

#[test]
fn suggestions_are_ad_requests_the_assistant_reads_back() {
    let reply = answer("make an Instagram ad for the weekend sale", true);
    for suggestion in &reply.structured.suggestions {
        let again = proposal(suggestion);
        assert!(
            again.headline.contains("weekend sale"),
            "{suggestion:?} → {again:?}"
        );
    }
}

#[test]
fn a_product_named_with_the_ad_gets_its_brief_and_the_copy_waits_for_the_picture() {
    let reply = answer("black friday promo for the earbuds", false);
    assert!(reply.structured.ready_for_image, "{}", reply.content);
    let brief = reply.structured.refined_image_prompt.clone().unwrap();
    assert!(brief.contains("earbuds"), "{brief}");
    let ad = reply.structured.ad.clone().unwrap();
    assert_eq!(ad.headline, "Black Friday deals are here");
    assert!(
        reply.content.ends_with(
            "For an ad for Black Friday I'd use the headline “Black Friday deals are here” and a “Shop the deals” button — generate the image, then ask me for the ad again and I'll set it on the picture."
        ),
        "{}",
        reply.content
    );
    assert_written_english(&reply.content, "answer");
}

#[test]
fn an_answer_finished_without_setting_the_ad_does_not_claim_it_is_set() {
    let reply = ai::ad::not_set(answer("make an Instagram ad for the weekend sale", true));
    assert!(!reply.content.contains("I've set it"), "{}", reply.content);
    assert!(
        reply.content.ends_with(
            "To put it on your latest picture, open the picture on the storyboard and choose “Make an ad” — it's free."
        ),
        "{}",
        reply.content
    );
    assert_written_english(&reply.content, "answer");
}
