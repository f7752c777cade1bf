//! The account's sessions as a person recognises them: which browser, from where, when.

/// "Chrome on macOS", "Firefox on Android", or "Unknown browser" from a `User-Agent`.
pub fn describe_browser(user_agent: Option<&str>) -> String {
    let Some(ua) = user_agent else {
        return "Unknown browser".into();
    };
    // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ]
    .into_iter()
    .find(|(marker, _)| ua.contains(marker))
    .map(|(_, name)| name);
    let system = [
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(marker, _)| ua.contains(marker))
    .map(|(_, name)| name);
    match (browser, system) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(browser), None) => browser.to_owned(),
        (None, Some(system)) => format!("A browser on {system}"),
        (None, None) => "Unknown browser".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::describe_browser;

    #[test]
    fn browsers_are_named_as_people_know_them() {
        let cases = [
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "Chrome on macOS"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0", "Edge on Windows"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "Safari on iOS"),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox on Linux"),
            ("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36", "Chrome on Android"),
            ("curl/8.5.0", "curl"),
        ];
        for (ua, expected) in cases {
            assert_eq!(describe_browser(Some(ua)), expected, "{ua}");
        }
        assert_eq!(describe_browser(None), "Unknown browser");
    }
}
