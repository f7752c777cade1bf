//! The product in the user's words: the first product word that is not a prop, widened to their
//! noun phrase and tidied.

use super::*;

pub(super) struct Mention {
    start: usize,
    end: usize,
    /// The last product word, which may be a phrase ("bath bomb").
    head: (usize, usize),
    prop: bool,
}

/// The product: the first product word that is not a prop ("next to a mug"), widened to the
/// user's noun phrase. Returns it with the token span it covers.
pub(super) fn find_product(
    text: &str,
    tokens: &[Token],
    negated: &[bool],
) -> Option<(Product, usize, usize, bool)> {
    let mentions = mentions(tokens, negated);
    let first = mentions
        .iter()
        .position(|m| !m.prop)
        .or((!mentions.is_empty()).then_some(0))?;
    let m = &mentions[first];
    let (mut start, mut end, head, prop) = (m.start, m.end, m.head, m.prop);
    let first_head = join(&tokens[head.0..head.1], |_| true);

    // "a serum and a moisturizer": two products shot together.
    let mut joined = false;
    if let Some(next) = mentions.get(first + 1).filter(|n| !n.prop) {
        if joined_by_and(&tokens[end..next.start]) {
            end = next.end;
            joined = true;
        }
    }

    start = widen_back(tokens, negated, start);
    end = widen_of(tokens, negated, end);
    end = widen_container(tokens, negated, end);
    let category = category_of(tokens, start, end);

    let name = tidy_name(text, tokens, start, end);
    if name.is_empty() {
        return None;
    }
    let key = tokens[start..end]
        .iter()
        .filter(|t| !matches!(t.word.as_str(), "and" | "of" | "plus" | ","))
        .filter(|t| !DETERMINERS.contains(&t.word.as_str()))
        .map(|t| singular(&t.word).unwrap_or(&t.word).to_string())
        .collect();
    let head_words: Vec<&str> = tokens[head.0..head.1].iter().map(|t| t.text).collect();
    let head_word = tidy_name(text, tokens, head.0, head.1);
    let head_plural = looks_plural(head_words.last().copied().unwrap_or_default());
    let product = Product {
        name,
        key,
        plural: joined || head_plural,
        article: if joined {
            !looks_plural(&first_head)
        } else {
            !head_plural && !MASS_NOUNS.contains(&head_words.join(" ").to_lowercase().as_str())
        },
        head: if joined { "products".into() } else { head_word },
        category,
    };
    Some((product, start, end, prop))
}

/// The product words mentioned, in order, each widened to its run of product words; reading
/// stops once the first that is not a prop and the one after it are known.
fn mentions(tokens: &[Token], negated: &[bool]) -> Vec<Mention> {
    let mut mentions: Vec<Mention> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if negated[i] || tokens[i].is_break() {
            i += 1;
            continue;
        }
        let Some((_, n)) = PRODUCT_WORDS.at(tokens, i) else {
            i += 1;
            continue;
        };
        if not_the_product_here(tokens, i, n) {
            i += 1;
            continue;
        }
        let (head, end) = product_run(tokens, negated, i, n);
        let prop = in_prop_context(tokens, i);
        mentions.push(Mention {
            start: i,
            end,
            head,
            prop,
        });
        // The first mention that is not a prop, and the one after it ("a serum and a
        // toner"), decide; a long message need not be read further.
        if mentions
            .iter()
            .position(|m| !m.prop)
            .is_some_and(|f| mentions.len() > f + 1)
        {
            break;
        }
        i = end;
    }
    mentions
}

/// Whether the product word of `n` tokens at `i` means something else here: "can you…",
/// "watch it spin", "ring light", or a colour product before a colour ("rose gold").
fn not_the_product_here(tokens: &[Token], i: usize, n: usize) -> bool {
    let word = tokens[i].word.as_str();
    let prev = i.checked_sub(1).map(|p| tokens[p].word.as_str());
    let lamp = tokens
        .get(i + n)
        .is_some_and(|t| matches!(t.word.as_str(), "light" | "lights" | "lighting"));
    // "watch on a marble slab": a message that starts with the word and goes on to say
    // where it stands names the product.
    let starts_a_scene = (i == 0 || tokens[i - 1].is_break())
        && tokens
            .get(i + n)
            .is_some_and(|t| PROP_CUES.contains(&t.word.as_str()) || t.word == "next");
    if lamp
        || (n == 1 && is_ambiguous(word) && !starts_a_scene && !prev.is_some_and(describes_noun))
    {
        return true;
    }
    n == 1
        && COLOR_PRODUCTS.contains(&word)
        && tokens
            .get(i + 1)
            .is_some_and(|t| is_color(&word_info(&t.word)))
}

/// Runs of product words name one thing; the last is the head ("perfume bottle"), also
/// across a short name part between them ("vitamin C serum", "B12 gummies"), and an
/// accessory word after them joins the head. Returns the head's span and the run's end.
fn product_run(tokens: &[Token], negated: &[bool], i: usize, n: usize) -> ((usize, usize), usize) {
    let mut head = (i, i + n);
    let mut end = i + n;
    while end < tokens.len() && !negated[end] {
        match PRODUCT_WORDS.at(tokens, end) {
            Some((_, m)) => {
                head = (end, end + m);
                end += m;
            }
            None if is_name_part(&tokens[end]) && end + 1 < tokens.len() && !negated[end + 1] => {
                match PRODUCT_WORDS.at(tokens, end + 1) {
                    Some((_, m)) => {
                        head = (end + 1, end + 1 + m);
                        end += 1 + m;
                    }
                    None => break,
                }
            }
            None => break,
        }
    }
    if tokens
        .get(end)
        .is_some_and(|t| ACCESSORIES.contains(&t.word.as_str()) || ends_the_noun(tokens, end))
    {
        head = (head.0, end + 1);
        end += 1;
    }
    (head, end)
}

/// A noun the word lists lack that completes the product's name right before where it
/// stands: "phone grips on a desk mat", "candle wicks beside…". Never a verb form
/// ("burning", "filled"), an adverb or a scene word.
fn ends_the_noun(tokens: &[Token], k: usize) -> bool {
    let w = tokens[k].word.as_str();
    let next = tokens.get(k + 1).map(|t| t.word.as_str());
    !tokens[k].is_break()
        && !in_stop(w)
        && !PROP_CUES.contains(&w)
        && !w.ends_with("ing")
        && !w.ends_with("ed")
        && !w.ends_with("ly")
        && !w.chars().any(|c| c.is_ascii_digit())
        && !crate::phrases::is_not_a_thing(w)
        && !VIDEO_WORDS.contains(&w)
        && next.is_some_and(|n| PROP_CUES.contains(&n) || n == "next")
        && !{
            let info = word_info(w);
            is_scene_word(&info) || is_color(&info)
        }
}

/// Whether the words between two products only join them: "and", "plus" and articles,
/// starting with "and" or "plus".
fn joined_by_and(between: &[Token]) -> bool {
    !between.is_empty()
        && between.iter().all(|t| {
            matches!(t.word.as_str(), "and" | "plus") || DETERMINERS.contains(&t.word.as_str())
        })
        && matches!(between[0].word.as_str(), "and" | "plus")
}

/// The most telling product word of the words `start..end` decides the family: "jar of
/// face cream" is skincare.
fn category_of(tokens: &[Token], start: usize, end: usize) -> Category {
    let mut category = Category::General;
    let mut k = start;
    while k < end {
        match PRODUCT_WORDS.at(tokens, k) {
            Some((c, n)) => {
                if c != Category::General {
                    category = c;
                }
                k += n;
            }
            None => k += 1,
        }
    }
    category
}

/// A short part of a product's name between two product words: a letter, a number, a
/// strength ("C", "B12", "50", "2%", "XL").
pub(super) fn is_name_part(t: &Token) -> bool {
    let w = t.word.as_str();
    !t.is_break()
        && !in_stop(w)
        && (w.chars().count() <= 2 || w.chars().any(|c| c.is_ascii_digit()))
        && w.chars().all(|c| c.is_alphanumeric())
}

pub(super) fn is_ambiguous(word: &str) -> bool {
    AMBIGUOUS_PRODUCTS.contains(&word)
        || singular(word).is_some_and(|s| AMBIGUOUS_PRODUCTS.contains(&s))
}

/// A word that can sit right before a product noun: "a can", "soda can", "gold watch".
pub(super) fn describes_noun(word: &str) -> bool {
    DETERMINERS.contains(&word)
        || PRODUCT_WORDS.contains(word)
        || (!in_stop(word) && word != "," && {
            let info = word_info(word);
            is_color(&info) || !is_scene_word(&info)
        })
}

/// A prop cue within the few words before `i` ("next to a small mug").
pub(super) fn in_prop_context(tokens: &[Token], i: usize) -> bool {
    let mut k = i;
    let mut steps = 0;
    while k > 0 && steps < 4 {
        k -= 1;
        steps += 1;
        let w = tokens[k].word.as_str();
        if w == "to" && k > 0 && tokens[k - 1].word == "next" {
            return true;
        }
        if PROP_CUES.contains(&w) {
            return true;
        }
        if tokens[k].is_break() || (in_stop(w) && !DETERMINERS.contains(&w)) {
            return false;
        }
    }
    false
}

/// Adds the describing words before a product: "handmade vanilla soy candle".
pub(super) fn widen_back(tokens: &[Token], negated: &[bool], mut start: usize) -> usize {
    let mut taken = 0;
    while start > 0 && taken < 4 {
        let t = &tokens[start - 1];
        let w = t.word.as_str();
        if t.is_break() || negated[start - 1] || NEGATORS.contains(&w) {
            break;
        }
        // "black and gold watch"
        if w == "and" {
            let colour_before = start >= 2 && is_color(&word_info(&tokens[start - 2].word));
            let colour_after = is_color(&word_info(&tokens[start].word));
            if colour_before && colour_after {
                start -= 1;
                continue;
            }
            break;
        }
        if in_stop(w) || VIDEO_WORDS.contains(&w) || AUDIENCE_CUES.contains(&w) {
            break;
        }
        let info = word_info(w);
        let colour_follows = is_color(&word_info(&tokens[start].word));
        let shade_of_colour = SHADES.contains(&w) && colour_follows;
        // What the product is made of stays in its name ("linen tote bag").
        if is_scene_word(&info)
            && !is_color(&info)
            && !shade_of_colour
            && !MATERIAL_WORDS.contains(&w)
        {
            break;
        }
        start -= 1;
        taken += 1;
    }
    start
}

/// Adds "of …" after a product: "bottle of olive oil", "set of 3 mugs".
pub(super) fn widen_of(tokens: &[Token], negated: &[bool], end: usize) -> usize {
    if tokens.get(end).is_none_or(|t| t.word != "of") {
        return end;
    }
    let mut k = end + 1;
    while k < tokens.len() && k < end + 4 {
        let t = &tokens[k];
        if t.is_break() || negated[k] || in_stop(&t.word) {
            break;
        }
        let info = word_info(&t.word);
        if is_scene_word(&info) && !is_color(&info) {
            break;
        }
        k += 1;
    }
    if k > end + 1 {
        k
    } else {
        end
    }
}

/// Packaging is part of the product: "honey in a glass jar", "tea in a tin", "serum in an
/// amber dropper bottle" — up to three describing words between the article and the container.
pub(super) fn widen_container(tokens: &[Token], negated: &[bool], end: usize) -> usize {
    const CONTAINERS: &[&str] = &[
        "jar",
        "jars",
        "bottle",
        "bottles",
        "tin",
        "tins",
        "box",
        "boxes",
        "tube",
        "tubes",
        "pot",
        "pots",
        "pouch",
        "pouches",
        "vial",
        "vials",
        "can",
        "cans",
        "carton",
        "sachet",
        "flask",
        "dispenser",
        "packaging",
        "package",
        "case",
        "bag",
        "wrapper",
        "wrapping",
    ];
    let at = |k: usize| tokens.get(k).filter(|t| !t.is_break() && !negated[k]);
    if at(end).is_none_or(|t| t.word != "in")
        || at(end + 1).is_none_or(|t| !matches!(t.word.as_str(), "a" | "an" | "its" | "the"))
    {
        return end;
    }
    for k in end + 2..(end + 6).min(tokens.len()) {
        let Some(t) = at(k) else { return end };
        if CONTAINERS.contains(&t.word.as_str()) {
            return k + 1;
        }
        let info = word_info(&t.word);
        if in_stop(&t.word) || (is_scene_word(&info) && !is_color(&info)) {
            return end;
        }
    }
    end
}

/// The user's words for the product, tidied for a brief: letters, digits and joining marks
/// only, a sentence-initial capital lowered ("Candle" → "candle", "iPhone" kept).
pub(super) fn tidy_name(text: &str, tokens: &[Token], start: usize, end: usize) -> String {
    let raw = &text[tokens[start].start..tokens[end - 1].end];
    let mut name: String = raw
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '\'' | '&' | '’') {
                c
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let first = &tokens[start].text;
    let sentence_start = start == 0 || tokens[start - 1].ends_sentence();
    let mut chars = first.chars();
    let capitalised_only = chars.next().is_some_and(char::is_uppercase)
        && chars.clone().all(|c| !c.is_uppercase())
        && first.chars().count() > 1;
    if sentence_start && capitalised_only {
        let lower_first: String = name
            .chars()
            .next()
            .map(|c| c.to_lowercase().collect())
            .unwrap_or_default();
        name = lower_first + &name[name.chars().next().map_or(0, char::len_utf8)..];
    }
    if name.chars().count() > 60 {
        name = name.chars().take(60).collect::<String>().trim().to_string();
    }
    name
}

/// A product the word lists lack, named as the subject of the message: the noun phrase
/// after "my" or "our" at its start ("my baby wipes on a changing table"), or, while no
/// product is known, the noun phrase the message starts with, followed by where it stands
/// ("baby wipes on a changing table"). Light, mood, framing and scene words are never one.
pub(super) fn guess_product(
    text: &str,
    tokens: &[Token],
    negated: &[bool],
    product_known: bool,
) -> Option<(Product, usize, usize, bool)> {
    let own = tokens
        .first()
        .is_some_and(|t| matches!(t.word.as_str(), "my" | "our"));
    let start = match tokens.first()?.word.as_str() {
        "my" | "our" | "a" | "an" | "the" | "some" => 1,
        _ => 0,
    };
    if product_known && !own {
        return None;
    }
    let mut end = start;
    while end < tokens.len() && end < start + 4 {
        let t = &tokens[end];
        let w = t.word.as_str();
        if t.is_break() || negated[end] || in_stop(w) || PROP_CUES.contains(&w) {
            break;
        }
        let info = word_info(w);
        let scene = is_scene_word(&info) && !is_color(&info) && !MATERIAL_WORDS.contains(&w);
        let talk = GREETING_WORDS.contains(&w)
            || THANKS_WORDS.contains(&w)
            || HELP_WORDS.contains(&w)
            || CONFIRM_WORDS.contains(&w);
        // "hair clips", "wooden frame": a word for a clip or a frame ends a product's name.
        if scene
            || talk
            || (end == start && crate::phrases::is_not_a_thing(w))
            || Shift::of(w).is_some()
            || (end == start && VIDEO_WORDS.contains(&w))
            || DESCRIPTORS.at(tokens, end).is_some()
            || OCCASIONS.at(tokens, end).is_some()
            || AUDIENCES.at(tokens, end).is_some()
            || w.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        end += 1;
    }
    if end == start {
        return None;
    }
    // It stands somewhere: a place or a thing beside it follows (or, after "my", the
    // message may end there).
    let next = tokens.get(end).map(|t| t.word.as_str());
    let placed = next.is_some_and(|w| PROP_CUES.contains(&w) || w == "next");
    if !(placed || (own && next.is_none_or(|w| w == ","))) {
        return None;
    }
    let name = tidy_name(text, tokens, start, end);
    let head_word = tokens[end - 1].text.to_string();
    let plural = looks_plural(&head_word);
    let product = Product {
        key: tokens[start..end]
            .iter()
            .map(|t| singular(&t.word).unwrap_or(&t.word).to_string())
            .collect(),
        name,
        plural,
        article: !plural,
        head: head_word.to_lowercase(),
        category: Category::General,
    };
    Some((product, start, end, false))
}
