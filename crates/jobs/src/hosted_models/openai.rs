//! OpenAI Images (`gpt-image-1` and compatible servers): text → image through
//! `POST {base}/images/generations`; product photos → `POST {base}/images/edits` (multipart,
//! the photos as `image[]`, high input fidelity so the product stays faithful); mask edits
//! through the same route with the mask in the API's convention (fully transparent = the
//! area to edit, same size as the image). Scenes with the exact product go through the same
//! edit route: the studio places the cutout on the canvas, the model paints around it, and
//! the seller's pixels are laid back over the answer.

use std::time::Duration;

use base64::Engine as _;
use bytes::Bytes;
use reqwest::multipart::{Form, Part};
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{cancelled, decode, encode_png, image_facts, note_answer, provider_error, unusable};
use crate::lineage::placement_of;
use crate::payload::Guidance;
use crate::provider::{
    engine_request, EditInput, ImageInput, KnownProduct, MediaOutput, ProgressSink, ProviderError,
};
use domain::{FileMetadata, JobFailure};
use engine::exact_scene;
use engine::scene::layout::Rect;

const PROVIDER: &str = "openai";

/// Said with a scene whose exact product had no photo to come from.
pub const NO_PRODUCT_PHOTO: &str = "No product photo was given, so the AI scene shows a product \
    the model drew in place of yours; add a photo to keep your own product exact.";

/// Said with a scene whose product photo has no product the studio could find.
pub const NO_PRODUCT_FOUND: &str = "No product could be found in the photo, so the model \
    redrew the product from it (AI redraw). A photo of the product on a plain backdrop keeps \
    it exact.";

/// Said with a scene whose product came out of its photo poorly.
pub const POOR_CUTOUT: &str = "The product's outline was hard to find in its photo, so its \
    edge may show bits of the photo's backdrop. AI redraw may look better; a photo on a plain \
    backdrop cuts out cleanly.";

/// Runs engine work off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ProviderError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| {
        ProviderError::transient(
            JobFailure::Internal,
            format!("the engine stopped unexpectedly: {e}"),
        )
    })
}

#[derive(Debug, Clone)]
pub struct OpenAiConfig {
    /// Ends with `/v1`, e.g. `https://api.openai.com/v1`.
    pub base_url: String,
    pub api_key: String,
    pub model: String,
    /// For one HTTP attempt; image models take up to a couple of minutes.
    pub timeout: Duration,
}

pub struct OpenAiImages {
    config: OpenAiConfig,
    client: hosted::Client,
}

/// OpenAI's own words for a refusal and for an account that cannot pay.
fn classify(status: StatusCode, body: &[u8]) -> Option<hosted::Failure> {
    let error: Value = serde_json::from_slice(body).ok()?;
    let error = &error["error"];
    let code = error["code"].as_str().unwrap_or_default();
    let message = error["message"].as_str().unwrap_or_default().to_owned();
    match code {
        "moderation_blocked" | "content_policy_violation" => {
            Some(hosted::Failure::Refused(message))
        }
        "insufficient_quota" | "billing_hard_limit_reached" | "billing_not_active" => Some(
            hosted::Failure::Operator(format!("{status} {code}: {message}")),
        ),
        _ => None,
    }
}

impl OpenAiImages {
    pub fn new(config: OpenAiConfig) -> Result<Self, hosted::Failure> {
        let client = hosted::Client::new(
            "openai images",
            hosted::Policy {
                timeout: config.timeout,
                ..hosted::Policy::default()
            },
        )?
        .with_classifier(classify);
        Ok(Self { config, client })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/{path}", self.config.base_url.trim_end_matches('/'))
    }

    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// Text → image, or product photos staged by the model.
    pub async fn image(
        &self,
        input: ImageInput,
        progress: &ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        progress
            .report("generating", 0.1)
            .map_err(|_| ProviderError::Cancelled)?;
        let prompt = prompt_with(&input.prompt, &input.guidance);
        let size = input.resolution.as_str();
        let quality = input.quality.as_str();
        let answer = if input.reference_photos.is_empty() {
            let body = json!({
                "model": self.config.model,
                "prompt": prompt,
                "n": 1,
                "size": size,
                "quality": quality,
                "output_format": "png",
            });
            self.send("generate", "images/generations", progress, |request| {
                request.json(&body)
            })
            .await?
        } else {
            let photos = &input.reference_photos;
            self.send(
                "edit with product photos",
                "images/edits",
                progress,
                |request| {
                    let mut form = self
                        .form(&prompt)
                        .text("size", size)
                        .text("quality", quality);
                    for (i, photo) in photos.iter().enumerate() {
                        form =
                            form.part("image[]", image_part(photo, &format!("product-{}", i + 1)));
                    }
                    request.multipart(form)
                },
            )
            .await?
        };
        self.output(answer)
    }

    /// The model paints the scene around the seller's product, whose own pixels are laid
    /// back over its answer. Without a product photo, or with one in which no product is
    /// found, the model draws the whole picture and the result says so.
    pub async fn image_exact(
        &self,
        input: ImageInput,
        progress: &ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        let Some(photo) = input.reference_photos.first().cloned() else {
            let mut output = self.image(input, progress).await?;
            output.details.stand_in_product = Some(NO_PRODUCT_PHOTO.to_owned());
            return Ok(output);
        };
        progress
            .report("cutout", 0.05)
            .map_err(|_| ProviderError::Cancelled)?;
        let spec_input = input.clone();
        let prepared = blocking(move || {
            let photo = engine::codec::decode(&photo, engine::codec::MAX_DIMENSION)?;
            let photos: Vec<&[u8]> = Vec::new();
            let (spec, _) =
                engine::scene::SceneSpec::from_request(&engine_request(&spec_input, &photos));
            Ok::<_, ProviderError>(
                exact_scene::prepare(&photo, &spec, &mut engine::NoProgress).ok(),
            )
        })
        .await??;
        let Some(mut prepared) = prepared else {
            let mut output = self.image(input, progress).await?;
            output.details.cutout_warning = Some(NO_PRODUCT_FOUND.to_owned());
            return Ok(output);
        };
        // A brief that asks for glass, water or a mirror-like surface has the product mirrored.
        if exact_scene::sounds_glossy(&input.prompt) {
            exact_scene::make_glossy(&mut prepared.staged);
        }
        progress
            .report("generating", 0.1)
            .map_err(|_| ProviderError::Cancelled)?;
        let prompt = format!(
            "{} {}",
            prompt_with(&input.prompt, &input.guidance),
            prepared.staged.hints
        );
        let size = input.resolution.as_str();
        let quality = input.quality.as_str();
        let canvas = Bytes::from(prepared.canvas_png);
        let mask = Bytes::from(prepared.mask_png);
        let answer = self
            .send(
                "paint around the exact product",
                "images/edits",
                progress,
                |request| {
                    request.multipart(
                        self.form(&prompt)
                            .text("size", size)
                            .text("quality", quality)
                            .part("image", image_part(&canvas, "scene"))
                            .part("mask", image_part(&mask, "mask")),
                    )
                },
            )
            .await?;
        progress
            .report("compositing", 0.9)
            .map_err(|_| ProviderError::Cancelled)?;
        let staged = prepared.staged;
        let placement = staged.placement;
        let painted = answer.bytes.clone();
        let (png, product_mask) = blocking(move || {
            let png = exact_scene::finish(&staged, &painted)?;
            let mask =
                engine::codec::encode_mask_png(&engine::design::layer_mask(&staged.product))?;
            Ok::<_, engine::EngineError>((png, mask))
        })
        .await?
        .map_err(|e| unusable(PROVIDER, e))?;
        let mut output = self.output(Answer {
            bytes: Bytes::from(png),
            usage: answer.usage,
        })?;
        output.product_mask_png = Some(Bytes::from(product_mask));
        output.details.product_exact = Some(true);
        output.details.product_placement = Some(placement_of(placement));
        output.details.description = Some(prepared.description);
        output.details.cutout_confidence = Some(f64::from(prepared.confidence));
        if prepared.confidence < exact_scene::POOR_CUTOUT {
            output.details.cutout_warning = Some(POOR_CUTOUT.to_owned());
        }
        Ok(output)
    }

    /// An image, a mask (white = edit) and an instruction → the edited image at the
    /// original's size; outside the mask the original's pixels are kept.
    pub async fn edit(
        &self,
        input: EditInput,
        progress: &ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        progress
            .report("editing", 0.1)
            .map_err(|_| ProviderError::Cancelled)?;
        let original = decode(&input.image).map_err(|e| unusable(PROVIDER, e))?;
        let edit_area = edit_area(&input.mask, original.width(), original.height())
            .map_err(|e| unusable(PROVIDER, e))?;
        // Painting around the product leaves the product's own pixels alone: whatever the
        // model answers there, the picture's product is kept.
        let known = input.product.clone();
        let (original, edit_area, kept) = blocking(move || {
            let kept = product_in(&original, known.as_ref()).and_then(|(layer, at)| {
                exact_scene::keep_product(&layer, &edit_area).map(|area| (area, at))
            });
            match kept {
                Some((area, at)) => (original, area, Some(at)),
                None => (original, edit_area, None),
            }
        })
        .await?;
        let image_png = encode_png(&original).map_err(|e| unusable(PROVIDER, e))?;
        let mask_png = encode_png(&api_mask(&edit_area)).map_err(|e| unusable(PROVIDER, e))?;
        let answer = self
            .send("edit with mask", "images/edits", progress, |request| {
                request.multipart(
                    self.form(&input.instruction)
                        .text("size", "auto")
                        .part("image", image_part(&image_png, "image"))
                        .part("mask", image_part(&mask_png, "mask")),
                )
            })
            .await?;
        let edited = decode(&answer.bytes).map_err(|e| unusable(PROVIDER, e))?;
        let merged = keep_outside(&original, &edited, &edit_area);
        let png = encode_png(&merged).map_err(|e| unusable(PROVIDER, e))?;
        let mut output = self.output(Answer {
            bytes: png,
            usage: answer.usage,
        })?;
        output.details.edit_operation = Some("hosted_edit".to_owned());
        output.details.product_exact = Some(kept.is_some());
        output.details.product_placement = kept.flatten().map(placement_of);
        Ok(output)
    }

    /// One Images API call, authorised and rebuilt for each attempt by `body`; the image
    /// read from its answer, which is noted on the job.
    async fn send(
        &self,
        what: &str,
        path: &str,
        progress: &ProgressSink,
        body: impl Fn(reqwest::RequestBuilder) -> reqwest::RequestBuilder,
    ) -> Result<Answer, ProviderError> {
        let url = self.url(path);
        let answer = self
            .client
            .call(
                what,
                |http| body(http.post(&url).bearer_auth(&self.config.api_key)),
                read_image,
                &cancelled(progress),
            )
            .await;
        note_answer(progress, PROVIDER, &self.config.model, &answer, |a| {
            (None, a.usage.clone())
        });
        answer.map_err(|f| provider_error(PROVIDER, f))
    }

    /// The multipart fields every edit sends.
    fn form(&self, prompt: &str) -> Form {
        Form::new()
            .text("model", self.config.model.clone())
            .text("prompt", prompt.to_owned())
            .text("n", "1")
            .text("input_fidelity", "high")
            .text("output_format", "png")
    }

    fn output(&self, answer: Answer) -> Result<MediaOutput, ProviderError> {
        let (format, width, height) = image_facts(&answer.bytes)
            .ok_or_else(|| unusable(PROVIDER, "the image in the answer cannot be read"))?;
        let (mime, extension) = match format {
            image::ImageFormat::Png => ("image/png", "png"),
            image::ImageFormat::Jpeg => ("image/jpeg", "jpg"),
            image::ImageFormat::WebP => ("image/webp", "webp"),
            other => {
                return Err(unusable(
                    PROVIDER,
                    format!("unexpected image format {other:?}"),
                ))
            }
        };
        Ok(MediaOutput {
            bytes: answer.bytes,
            mime: mime.into(),
            extension,
            width: Some(width),
            height: Some(height),
            duration_seconds: None,
            poster_jpeg: None,
            product_mask_png: None,
            // Who painted the scene; a scene with the exact product says so on top.
            details: FileMetadata {
                provider: Some(PROVIDER.to_owned()),
                model: Some(self.config.model.clone()),
                usage: Some(answer.usage),
                scene_by: Some(self.config.model.clone()),
                product_exact: Some(false),
                ..FileMetadata::default()
            },
        })
    }
}

struct Answer {
    bytes: Bytes,
    usage: Value,
}

/// The seller's product in `picture` as a layer of its size, and where it was placed when
/// that is known: from the product photo at its recorded placement (checked against the
/// picture), or found in the picture by the photo's cutout; with no photo, the picture's
/// own product (an upload is the seller's photo). `None` when the picture does not show the
/// seller's product as the photo has it (the model redrew it).
fn product_in(
    picture: &image::RgbaImage,
    known: Option<&KnownProduct>,
) -> Option<(image::RgbaImage, Option<Rect>)> {
    let Some(known) = known else {
        return exact_scene::own_product(picture).map(|layer| (layer, None));
    };
    let photo = engine::codec::decode(&known.photo, engine::codec::MAX_DIMENSION).ok()?;
    let cut = engine::cutout::cut_out(&photo, &mut engine::NoProgress).ok()?;
    let (w, h) = picture.dimensions();
    if let Some(at) = known.placement {
        let layer = exact_scene::place(&cut.image, at, w, h);
        if exact_scene::shows(picture, &layer) {
            return Some((layer, Some(at)));
        }
    }
    exact_scene::locate(&cut, picture).map(|(layer, at)| (layer, Some(at)))
}

/// The first image of an Images API answer, decoded from `b64_json`.
fn read_image(reply: hosted::Reply) -> Result<Answer, hosted::Failure> {
    let body: Value = serde_json::from_slice(&reply.body)
        .map_err(|e| hosted::Failure::Invalid(format!("the answer is not JSON: {e}")))?;
    let encoded = body["data"][0]["b64_json"]
        .as_str()
        .ok_or_else(|| hosted::Failure::Invalid("the answer has no data[0].b64_json".into()))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .map_err(|e| hosted::Failure::Invalid(format!("b64_json is not base64: {e}")))?;
    Ok(Answer {
        bytes: Bytes::from(bytes),
        usage: body["usage"].clone(),
    })
}

fn image_part(bytes: &Bytes, name: &str) -> Part {
    let (mime, extension) = match image_facts(bytes).map(|(format, _, _)| format) {
        Some(image::ImageFormat::Jpeg) => ("image/jpeg", "jpg"),
        Some(image::ImageFormat::WebP) => ("image/webp", "webp"),
        _ => ("image/png", "png"),
    };
    Part::bytes(bytes.to_vec())
        .file_name(format!("{name}.{extension}"))
        .mime_str(mime)
        .expect("a fixed, valid MIME type")
}

/// The prompt plus the structured choices of a template or recommendation, in words.
fn prompt_with(prompt: &str, guidance: &Guidance) -> String {
    let words = |text: &str| text.replace('_', " ");
    let mut parts = vec![prompt.trim().to_owned()];
    if let Some(environment) = guidance.environment {
        parts.push(format!("Setting: {}.", words(environment.as_str())));
    }
    if let Some(palette) = guidance.color_palette {
        parts.push(format!("Colour palette: {}.", words(palette.as_str())));
    }
    if let Some(lighting) = guidance.lighting {
        parts.push(format!("Lighting: {}.", words(lighting.as_str())));
    }
    if let Some(composition) = guidance.composition {
        parts.push(format!("Composition: {}.", words(composition.as_str())));
    }
    parts.join(" ")
}

/// The studio's mask (light = edit, any size) as a yes/no per pixel of the image.
fn edit_area(mask: &[u8], width: u32, height: u32) -> Result<image::GrayImage, String> {
    let mask = image::load_from_memory(mask)
        .map_err(|e| format!("cannot decode the mask: {e}"))?
        .to_luma8();
    let mask = if mask.dimensions() == (width, height) {
        mask
    } else {
        image::imageops::resize(&mask, width, height, image::imageops::FilterType::Nearest)
    };
    Ok(image::GrayImage::from_fn(width, height, |x, y| {
        image::Luma([if mask.get_pixel(x, y)[0] >= 128 {
            255
        } else {
            0
        }])
    }))
}

/// The API's mask: fully transparent where the model may paint, opaque elsewhere.
fn api_mask(edit_area: &image::GrayImage) -> image::RgbaImage {
    image::RgbaImage::from_fn(edit_area.width(), edit_area.height(), |x, y| {
        if edit_area.get_pixel(x, y)[0] == 255 {
            image::Rgba([0, 0, 0, 0])
        } else {
            image::Rgba([0, 0, 0, 255])
        }
    })
}

/// The edited pixels inside the edit area, the original's everywhere else, at the
/// original's size (the model may answer at another size).
fn keep_outside(
    original: &image::RgbaImage,
    edited: &image::RgbaImage,
    edit_area: &image::GrayImage,
) -> image::RgbaImage {
    let (width, height) = original.dimensions();
    let edited = if edited.dimensions() == (width, height) {
        edited.clone()
    } else {
        image::imageops::resize(edited, width, height, image::imageops::FilterType::Lanczos3)
    };
    image::RgbaImage::from_fn(width, height, |x, y| {
        if edit_area.get_pixel(x, y)[0] == 255 {
            *edited.get_pixel(x, y)
        } else {
            *original.get_pixel(x, y)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mask_follows_the_api_convention_at_the_image_size() {
        let mut ours = image::GrayImage::new(10, 10);
        ours.put_pixel(1, 1, image::Luma([255]));
        let mut png = std::io::Cursor::new(Vec::new());
        ours.write_to(&mut png, image::ImageFormat::Png).unwrap();
        let area = edit_area(png.get_ref(), 20, 20).unwrap();
        let mask = api_mask(&area);
        assert_eq!(mask.dimensions(), (20, 20));
        assert_eq!(
            mask.get_pixel(2, 2)[3],
            0,
            "the edit area is fully transparent"
        );
        assert_eq!(mask.get_pixel(10, 10)[3], 255, "the rest is opaque");
    }

    #[test]
    fn pixels_outside_the_mask_are_the_originals() {
        let original = image::RgbaImage::from_pixel(4, 4, image::Rgba([10, 20, 30, 255]));
        let edited = image::RgbaImage::from_pixel(8, 8, image::Rgba([200, 0, 0, 255]));
        let mut area = image::GrayImage::new(4, 4);
        area.put_pixel(0, 0, image::Luma([255]));
        let merged = keep_outside(&original, &edited, &area);
        assert_eq!(merged.dimensions(), (4, 4));
        assert_eq!(merged.get_pixel(0, 0), &image::Rgba([200, 0, 0, 255]));
        assert_eq!(merged.get_pixel(3, 3), &image::Rgba([10, 20, 30, 255]));
    }
}
