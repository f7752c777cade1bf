//! Contract tests of the hosted model adapters against a local mock server: every request
//! they send is checked against the providers' documented shapes (method, path, headers,
//! multipart parts, JSON fields and their types), and realistic answers are replayed:
//! success, throttling, failure, content-policy refusal, cancellation, malformed answers.

use std::io::Cursor;
use std::time::Duration;

use base64::Engine as _;
use bytes::Bytes;
use domain::{ImageEngine, Quality, Resolution};
use jobs::hosted_models::{
    busy, refused, unavailable, ElevenLabsConfig, ElevenLabsMusic, OpenAiConfig, OpenAiImages,
    RunwayConfig, RunwayVideo,
};
use jobs::{
    AudioInput, EditInput, EngineProvider, Guidance, ImageInput, MediaOutput, ProgressSink,
    ProviderError, VideoFrom, VideoInput,
};
use serde_json::{json, Value};
use wiremock::matchers::{header, method, path, path_regex, query_param};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

/// The provider's facts as they are stored in the file's metadata.
fn details(output: &MediaOutput) -> Value {
    serde_json::to_value(&output.details).unwrap()
}

fn png(width: u32, height: u32, colour: [u8; 4]) -> Bytes {
    let image = image::RgbaImage::from_pixel(width, height, image::Rgba(colour));
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    Bytes::from(out.into_inner())
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn images_answer(width: u32, height: u32) -> Value {
    json!({
        "created": 1_713_833_628,
        "data": [{"b64_json": b64(&png(width, height, [30, 120, 200, 255]))}],
        "usage": {"total_tokens": 100, "input_tokens": 50, "output_tokens": 50,
            "input_tokens_details": {"text_tokens": 10, "image_tokens": 40}},
    })
}

fn openai(server: &MockServer) -> OpenAiImages {
    OpenAiImages::new(OpenAiConfig {
        base_url: format!("{}/v1", server.uri()),
        api_key: "sk-test".into(),
        model: "gpt-image-1".into(),
        timeout: Duration::from_secs(5),
    })
    .unwrap()
}

fn image_input(photos: Vec<Bytes>) -> ImageInput {
    ImageInput {
        prompt: "an amber candle on marble".into(),
        reference_photos: photos,
        guidance: Guidance {
            lighting: Some(domain::Lighting::GoldenHour),
            ..Guidance::default()
        },
        resolution: Resolution::Landscape,
        quality: Quality::High,
        seed: 7,
        variation: 0,
        engine: ImageEngine::Hosted,
    }
}

async fn requests(server: &MockServer) -> Vec<Request> {
    server.received_requests().await.unwrap()
}

fn json_body(request: &Request) -> Value {
    serde_json::from_slice(&request.body).unwrap()
}

/// One part of a multipart body: its name, file name, content type and bytes.
#[derive(Debug)]
struct Part {
    name: String,
    filename: Option<String>,
    content_type: Option<String>,
    body: Vec<u8>,
}

fn multipart(request: &Request) -> Vec<Part> {
    let content_type = request
        .headers
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(
        content_type.starts_with("multipart/form-data"),
        "{content_type}"
    );
    let boundary = content_type.split("boundary=").nth(1).unwrap();
    let delimiter = format!("--{boundary}");
    let body = &request.body;
    let mut parts = Vec::new();
    let positions: Vec<usize> = body
        .windows(delimiter.len())
        .enumerate()
        .filter(|(_, w)| *w == delimiter.as_bytes())
        .map(|(i, _)| i)
        .collect();
    for pair in positions.windows(2) {
        let chunk = &body[pair[0] + delimiter.len() + 2..pair[1] - 2];
        let split = chunk.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8_lossy(&chunk[..split]).to_string();
        let field = |key: &str| {
            head.split(&format!("{key}=\""))
                .nth(1)
                .map(|rest| rest.split('"').next().unwrap().to_owned())
        };
        parts.push(Part {
            name: field("name").unwrap(),
            filename: field("filename"),
            content_type: head
                .lines()
                .find_map(|l| {
                    l.strip_prefix("content-type: ")
                        .or_else(|| l.strip_prefix("Content-Type: "))
                })
                .map(str::to_owned),
            body: chunk[split + 4..].to_vec(),
        });
    }
    parts
}

fn text_of<'a>(parts: &'a [Part], name: &str) -> &'a str {
    let part = parts
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no part {name}"));
    std::str::from_utf8(&part.body).unwrap()
}

#[tokio::test]
async fn text_to_image_sends_the_generations_shape() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .respond_with(ResponseTemplate::new(200).set_body_json(images_answer(1536, 1024)))
        .expect(1)
        .mount(&server)
        .await;
    let output = openai(&server)
        .image(image_input(vec![]), &ProgressSink::new(1))
        .await
        .unwrap();
    assert_eq!(
        (output.mime.as_str(), output.extension),
        ("image/png", "png")
    );
    assert_eq!((output.width, output.height), (Some(1536), Some(1024)));
    assert_eq!(details(&output)["provider"], "openai");
    assert_eq!(details(&output)["model"], "gpt-image-1");
    assert_eq!(details(&output)["usage"]["total_tokens"], 100);

    let sent = requests(&server).await;
    let request = &sent[0];
    assert_eq!(request.headers["authorization"], "Bearer sk-test");
    assert_eq!(request.headers["content-type"], "application/json");
    let body = json_body(request);
    assert_eq!(body["model"], "gpt-image-1");
    assert!(body["prompt"]
        .as_str()
        .unwrap()
        .starts_with("an amber candle on marble"));
    assert!(body["prompt"]
        .as_str()
        .unwrap()
        .contains("Lighting: golden hour."));
    assert_eq!(body["n"], json!(1), "n is a number");
    assert_eq!(body["size"], "1536x1024");
    assert_eq!(body["quality"], "high");
    assert_eq!(body["output_format"], "png");
    assert_eq!(
        body.as_object().unwrap().len(),
        6,
        "no other fields: {body}"
    );
}

#[tokio::test]
async fn product_photos_go_to_edits_as_an_image_array_with_high_fidelity() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/edits"))
        .and(header("authorization", "Bearer sk-test"))
        .respond_with(ResponseTemplate::new(200).set_body_json(images_answer(1536, 1024)))
        .expect(1)
        .mount(&server)
        .await;
    let photos = vec![
        png(40, 60, [200, 150, 20, 255]),
        png(30, 30, [10, 10, 10, 255]),
    ];
    openai(&server)
        .image(image_input(photos.clone()), &ProgressSink::new(1))
        .await
        .unwrap();
    let sent = requests(&server).await;
    let parts = multipart(&sent[0]);
    assert_eq!(text_of(&parts, "model"), "gpt-image-1");
    assert!(text_of(&parts, "prompt").starts_with("an amber candle"));
    assert_eq!(text_of(&parts, "n"), "1");
    assert_eq!(text_of(&parts, "input_fidelity"), "high");
    assert_eq!(text_of(&parts, "output_format"), "png");
    assert_eq!(text_of(&parts, "size"), "1536x1024");
    assert_eq!(text_of(&parts, "quality"), "high");
    let images: Vec<&Part> = parts.iter().filter(|p| p.name == "image[]").collect();
    assert_eq!(images.len(), 2);
    for (part, photo) in images.iter().zip(&photos) {
        assert_eq!(part.content_type.as_deref(), Some("image/png"));
        assert!(part.filename.as_deref().unwrap().ends_with(".png"));
        assert_eq!(part.body, photo.to_vec());
    }
    assert!(parts.iter().all(|p| p.name != "mask"));
}

#[tokio::test]
async fn mask_edits_send_the_api_mask_and_keep_the_original_outside_it() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/edits"))
        .respond_with(ResponseTemplate::new(200).set_body_json(images_answer(1024, 1024)))
        .expect(1)
        .mount(&server)
        .await;
    let original = png(64, 48, [240, 240, 240, 255]);
    // The studio's mask: white = edit (the left half), at another size than the image.
    let mut ours = image::GrayImage::new(32, 24);
    for y in 0..24 {
        for x in 0..16 {
            ours.put_pixel(x, y, image::Luma([255]));
        }
    }
    let mut mask = Cursor::new(Vec::new());
    ours.write_to(&mut mask, image::ImageFormat::Png).unwrap();
    let output = openai(&server)
        .edit(
            EditInput {
                image: original,
                mask: Bytes::from(mask.into_inner()),
                instruction: "make the left side blue".into(),
                seed: 1,
                engine: ImageEngine::Hosted,
                product: None,
            },
            &ProgressSink::new(1),
        )
        .await
        .unwrap();
    assert_eq!(
        (output.width, output.height),
        (Some(64), Some(48)),
        "the original's size"
    );
    let edited = image::load_from_memory(&output.bytes).unwrap().to_rgba8();
    assert_eq!(
        edited.get_pixel(5, 5),
        &image::Rgba([30, 120, 200, 255]),
        "edited inside"
    );
    assert_eq!(
        edited.get_pixel(60, 40),
        &image::Rgba([240, 240, 240, 255]),
        "kept outside"
    );

    let sent = requests(&server).await;
    let parts = multipart(&sent[0]);
    assert_eq!(text_of(&parts, "prompt"), "make the left side blue");
    assert_eq!(text_of(&parts, "input_fidelity"), "high");
    let image_part = parts.iter().find(|p| p.name == "image").unwrap();
    let mask_part = parts.iter().find(|p| p.name == "mask").unwrap();
    assert_eq!(mask_part.content_type.as_deref(), Some("image/png"));
    let sent_image = image::load_from_memory(&image_part.body).unwrap();
    let sent_mask = image::load_from_memory(&mask_part.body).unwrap().to_rgba8();
    assert_eq!(
        sent_mask.dimensions(),
        (sent_image.width(), sent_image.height()),
        "same size"
    );
    assert_eq!(
        sent_mask.get_pixel(2, 2)[3],
        0,
        "the area to edit is fully transparent"
    );
    assert_eq!(sent_mask.get_pixel(60, 40)[3], 255, "the rest is opaque");
}

#[tokio::test]
async fn throttling_is_retried_after_the_wait_the_provider_asks() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "1")
                .set_body_json(json!({"error": {"code": "rate_limit_exceeded", "message": "Rate limit reached", "type": "requests"}})),
        )
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .respond_with(ResponseTemplate::new(200).set_body_json(images_answer(1536, 1024)))
        .mount(&server)
        .await;
    let started = std::time::Instant::now();
    openai(&server)
        .image(image_input(vec![]), &ProgressSink::new(1))
        .await
        .unwrap();
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(requests(&server).await.len(), 2);
}

#[tokio::test]
async fn openai_failures_map_to_what_the_user_may_read() {
    let cases: Vec<(&str, ResponseTemplate, ProviderError, usize)> = vec![
        (
            "content policy",
            ResponseTemplate::new(400).set_body_json(json!({"error": {"code": "moderation_blocked", "message": "Your request was rejected by the safety system.", "type": "image_generation_user_error", "param": null}})),
            refused(),
            1,
        ),
        (
            "quota",
            ResponseTemplate::new(429).set_body_json(json!({"error": {"code": "insufficient_quota", "message": "You exceeded your current quota", "type": "insufficient_quota"}})),
            unavailable(),
            1,
        ),
        (
            "bad key",
            ResponseTemplate::new(401).set_body_json(json!({"error": {"code": "invalid_api_key", "message": "Incorrect API key provided"}})),
            unavailable(),
            1,
        ),
        (
            "server down",
            ResponseTemplate::new(500).set_body_string("upstream error"),
            busy(),
            3,
        ),
        (
            "no image",
            ResponseTemplate::new(200).set_body_json(json!({"created": 1, "data": []})),
            unavailable(),
            1,
        ),
        (
            "not an image",
            ResponseTemplate::new(200).set_body_json(json!({"data": [{"b64_json": b64(b"hello")}]})),
            unavailable(),
            1,
        ),
        (
            "not JSON",
            ResponseTemplate::new(200).set_body_string("<html>gateway</html>"),
            unavailable(),
            1,
        ),
    ];
    for (name, answer, expected, attempts) in cases {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(answer)
            .mount(&server)
            .await;
        let result = openai(&server)
            .image(image_input(vec![]), &ProgressSink::new(1))
            .await;
        assert_eq!(result.unwrap_err(), expected, "{name}");
        assert_eq!(requests(&server).await.len(), attempts, "{name}");
    }
}

const MP4: &[u8] = b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2\x00\x00\x00\x08free";

fn runway(server: &MockServer, download_hosts: Vec<String>) -> RunwayVideo {
    RunwayVideo::new(RunwayConfig {
        base_url: server.uri(),
        api_secret: "key_test".into(),
        model: "gen4_turbo".into(),
        download_hosts,
        timeout: Duration::from_secs(5),
        poll_interval: Duration::from_millis(20),
        max_wait: Duration::from_secs(20),
        max_download_bytes: 1024 * 1024,
    })
    .unwrap()
}

fn video_input(prompt: &str) -> VideoInput {
    VideoInput {
        prompt: prompt.into(),
        from: VideoFrom::Image(png(1536, 1024, [90, 60, 30, 255])),
        frame_url: None,
        duration: domain::Duration::Ten,
        quality: Quality::Medium,
        seed: (1u64 << 40) + 5,
    }
}

async fn task_states(server: &MockServer, states: Vec<Value>) {
    let last = states.len() - 1;
    for (i, state) in states.into_iter().enumerate() {
        let mock = Mock::given(method("GET"))
            .and(path("/v1/tasks/task-1"))
            .respond_with(ResponseTemplate::new(200).set_body_json(state));
        let mock = if i == last {
            mock
        } else {
            mock.up_to_n_times(1)
        };
        mock.mount(server).await;
    }
}

async fn task_started(server: &MockServer) {
    Mock::given(method("POST"))
        .and(path("/v1/image_to_video"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "task-1"})))
        .mount(server)
        .await;
}

#[tokio::test]
async fn image_to_video_starts_a_task_polls_it_and_downloads_the_clip() {
    let server = MockServer::start().await;
    task_started(&server).await;
    let clip_url = format!("{}/outputs/clip.mp4", server.uri());
    task_states(
        &server,
        vec![
            json!({"id": "task-1", "status": "PENDING", "createdAt": "2026-01-01T00:00:00Z"}),
            json!({"id": "task-1", "status": "THROTTLED", "createdAt": "2026-01-01T00:00:00Z"}),
            json!({"id": "task-1", "status": "RUNNING", "progress": 0.5, "createdAt": "2026-01-01T00:00:00Z"}),
            json!({"id": "task-1", "status": "SUCCEEDED", "createdAt": "2026-01-01T00:00:00Z", "output": [clip_url]}),
        ],
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/outputs/clip.mp4"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(MP4, "video/mp4"))
        .expect(1)
        .mount(&server)
        .await;
    let long_prompt = "slow orbit around the candle ".repeat(60);
    let sink = ProgressSink::new(1);
    let output = runway(&server, vec![])
        .video(video_input(&long_prompt), &sink, &EngineProvider)
        .await
        .unwrap();
    assert_eq!(output.bytes.as_ref(), MP4);
    assert_eq!(
        (output.mime.as_str(), output.extension),
        ("video/mp4", "mp4")
    );
    assert_eq!((output.width, output.height), (Some(1104), Some(832)));
    assert_eq!(output.duration_seconds, Some(10.0));
    let poster = output.poster_jpeg.clone().unwrap();
    assert!(poster.starts_with(&[0xFF, 0xD8]), "the poster is a JPEG");
    assert_eq!(details(&output)["remote_id"], "task-1");
    assert_eq!(details(&output)["model"], "gen4_turbo");
    assert_eq!(sink.snapshot().1, "downloading");

    let sent = requests(&server).await;
    let start = &sent[0];
    assert_eq!(start.url.path(), "/v1/image_to_video");
    for request in &sent[..sent.len() - 1] {
        assert_eq!(request.headers["authorization"], "Bearer key_test");
        assert_eq!(request.headers["x-runway-version"], "2024-11-06");
    }
    let body = json_body(start);
    assert_eq!(body["model"], "gen4_turbo");
    assert!(body["promptImage"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
    let text = body["promptText"].as_str().unwrap();
    assert_eq!(text.chars().count(), 1000, "capped at 1000 characters");
    assert_eq!(
        body["ratio"], "1104:832",
        "3:2 maps to the nearest supported ratio"
    );
    assert_eq!(body["duration"], json!(10), "duration is a number");
    assert_eq!(body["seed"], json!(5), "a 32-bit seed");
    assert_eq!(
        body.as_object().unwrap().len(),
        6,
        "no other fields: {body}"
    );
    let polls = sent
        .iter()
        .filter(|r| r.url.path() == "/v1/tasks/task-1")
        .count();
    assert_eq!(polls, 4);
    assert!(sent[1..].iter().all(|r| r.method.as_str() == "GET"));
    assert!(
        sent.last().unwrap().headers.get("authorization").is_none(),
        "the key is not sent with the download"
    );
}

#[tokio::test]
async fn a_signed_link_is_sent_instead_of_the_bytes_and_the_task_is_noted() {
    let server = MockServer::start().await;
    task_started(&server).await;
    task_states(
        &server,
        vec![json!({"id": "task-1", "status": "FAILED", "failure": "An error occurred.", "failureCode": "ASSET.INVALID"})],
    )
    .await;
    let link = "https://studio.example.com/api/media/shared/sh1.payload.signature";
    let mut input = video_input("orbit");
    input.frame_url = Some(link.into());
    let sink = ProgressSink::new(1);
    let result = runway(&server, vec![])
        .video(input, &sink, &EngineProvider)
        .await;
    assert_eq!(result.unwrap_err(), unavailable());
    let body = json_body(&requests(&server).await[0]);
    assert_eq!(body["promptImage"], link);
    let noted = sink.provider_call().expect("the started task is noted");
    assert_eq!(
        (noted.provider.as_str(), noted.model.as_str()),
        ("runway", "gen4_turbo")
    );
    assert_eq!(
        noted.remote_id.as_deref(),
        Some("task-1"),
        "failed, still billed"
    );
}

#[tokio::test]
async fn failed_tasks_are_refusals_or_retried_by_their_code() {
    for (code, expected) in [
        ("SAFETY.INPUT.TEXT", refused()),
        ("INTERNAL.BAD_OUTPUT.CODE01", busy()),
        ("ASSET.INVALID", unavailable()),
    ] {
        let server = MockServer::start().await;
        task_started(&server).await;
        task_states(
            &server,
            vec![json!({"id": "task-1", "status": "FAILED", "failure": "An error occurred.", "failureCode": code})],
        )
        .await;
        let result = runway(&server, vec![])
            .video(video_input("orbit"), &ProgressSink::new(1), &EngineProvider)
            .await;
        assert_eq!(result.unwrap_err(), expected, "{code}");
    }
}

#[tokio::test]
async fn a_refused_start_is_not_retried() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/image_to_video"))
        .respond_with(
            ResponseTemplate::new(400)
                .set_body_json(json!({"error": "The prompt was flagged by content moderation."})),
        )
        .mount(&server)
        .await;
    let result = runway(&server, vec![])
        .video(video_input("orbit"), &ProgressSink::new(1), &EngineProvider)
        .await;
    assert_eq!(result.unwrap_err(), refused());
    assert_eq!(requests(&server).await.len(), 1);
}

#[tokio::test]
async fn a_cancelled_job_cancels_the_remote_task() {
    let server = MockServer::start().await;
    task_started(&server).await;
    task_states(
        &server,
        vec![json!({"id": "task-1", "status": "RUNNING", "progress": 0.1})],
    )
    .await;
    Mock::given(method("DELETE"))
        .and(path("/v1/tasks/task-1"))
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&server)
        .await;
    let sink = ProgressSink::new(1);
    let canceller = sink.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        canceller.cancel();
    });
    let result = runway(&server, vec![])
        .video(video_input("orbit"), &sink, &EngineProvider)
        .await;
    assert_eq!(result.unwrap_err(), ProviderError::Cancelled);
    let sent = requests(&server).await;
    let delete = sent.iter().find(|r| r.method.as_str() == "DELETE").unwrap();
    assert_eq!(delete.headers["x-runway-version"], "2024-11-06");
}

#[tokio::test]
async fn clips_come_only_from_allowed_hosts_and_must_be_mp4() {
    let server = MockServer::start().await;
    task_started(&server).await;
    // `localhost` is not the API's host (127.0.0.1) until the operator lists it.
    let port = server.address().port();
    let elsewhere = format!("http://localhost:{port}/cdn/clip.mp4");
    task_states(
        &server,
        vec![json!({"id": "task-1", "status": "SUCCEEDED", "output": [elsewhere]})],
    )
    .await;
    Mock::given(method("GET"))
        .and(path("/cdn/clip.mp4"))
        .respond_with(ResponseTemplate::new(200).set_body_raw(MP4, "video/mp4"))
        .mount(&server)
        .await;
    let refused = runway(&server, vec![])
        .video(video_input("orbit"), &ProgressSink::new(1), &EngineProvider)
        .await;
    assert_eq!(refused.unwrap_err(), unavailable());
    assert!(requests(&server)
        .await
        .iter()
        .all(|r| r.url.path() != "/cdn/clip.mp4"));
    let allowed = runway(&server, vec!["localhost".into()])
        .video(video_input("orbit"), &ProgressSink::new(1), &EngineProvider)
        .await
        .unwrap();
    assert_eq!(allowed.bytes.as_ref(), MP4);

    let server = MockServer::start().await;
    task_started(&server).await;
    let html = format!("{}/cdn/page", server.uri());
    task_states(
        &server,
        vec![json!({"id": "task-1", "status": "SUCCEEDED", "output": [html]})],
    )
    .await;
    Mock::given(method("GET"))
        .and(path_regex("^/cdn/"))
        .respond_with(ResponseTemplate::new(200).set_body_raw("<html></html>", "text/html"))
        .mount(&server)
        .await;
    let not_mp4 = runway(&server, vec![])
        .video(video_input("orbit"), &ProgressSink::new(1), &EngineProvider)
        .await;
    assert_eq!(not_mp4.unwrap_err(), unavailable());
}

fn elevenlabs(server: &MockServer) -> ElevenLabsMusic {
    ElevenLabsMusic::new(ElevenLabsConfig {
        base_url: server.uri(),
        api_key: "xi-test".into(),
        model: "music_v1".into(),
        timeout: Duration::from_secs(5),
    })
    .unwrap()
}

fn audio_input() -> AudioInput {
    AudioInput {
        prompt: "calm lo-fi for a candle shop".into(),
        seconds: 15.0,
        seed: 3,
    }
}

#[tokio::test]
async fn music_is_composed_from_the_prompt_and_length() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/music"))
        .and(query_param("output_format", "mp3_44100_128"))
        .and(header("xi-api-key", "xi-test"))
        .respond_with(
            ResponseTemplate::new(200)
                .insert_header("song-id", "song-9")
                .set_body_raw(
                    b"ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00".to_vec(),
                    "audio/mpeg",
                ),
        )
        .expect(1)
        .mount(&server)
        .await;
    let output = elevenlabs(&server)
        .audio(audio_input(), &ProgressSink::new(1))
        .await
        .unwrap();
    assert_eq!(
        (output.mime.as_str(), output.extension),
        ("audio/mpeg", "mp3")
    );
    assert_eq!(output.duration_seconds, Some(15.0));
    assert_eq!(details(&output)["remote_id"], "song-9");
    let sent = requests(&server).await;
    let body = json_body(&sent[0]);
    assert_eq!(body["prompt"], "calm lo-fi for a candle shop");
    assert_eq!(
        body["music_length_ms"],
        json!(15000),
        "a number of milliseconds"
    );
    assert_eq!(body["model_id"], "music_v1");
    assert!(sent[0].headers.get("authorization").is_none());
}

#[tokio::test]
async fn music_failures_map_to_what_the_user_may_read() {
    let cases: Vec<(&str, ResponseTemplate, ProviderError)> = vec![
        (
            "bad prompt",
            ResponseTemplate::new(400).set_body_json(json!({"detail": {"status": "bad_prompt", "message": "The prompt violates our Terms of Service", "data": {"prompt_suggestion": "calm lo-fi"}}})),
            refused(),
        ),
        (
            "quota",
            ResponseTemplate::new(401).set_body_json(json!({"detail": {"status": "quota_exceeded", "message": "This request exceeds your quota."}})),
            unavailable(),
        ),
        (
            "not an MP3",
            ResponseTemplate::new(200).set_body_json(json!({"ok": true})),
            unavailable(),
        ),
    ];
    for (name, answer, expected) in cases {
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .respond_with(answer)
            .mount(&server)
            .await;
        let result = elevenlabs(&server)
            .audio(audio_input(), &ProgressSink::new(1))
            .await;
        assert_eq!(result.unwrap_err(), expected, "{name}");
        assert_eq!(requests(&server).await.len(), 1, "{name}");
    }
}
