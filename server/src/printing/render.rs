//! Label PDFs: core's placed elements drawn with krilla (fonts embedded as subsets of the glyphs
//! used), bars and QR modules as filled rectangles in whole printer dots, text wrapped and shrunk
//! to its box. The same labels give the same bytes (no dates, no random ids).

use std::sync::{Arc, OnceLock};

use krilla::geom::{PathBuilder, Point, Rect, Transform};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, GlyphId, KrillaGlyph};
use krilla::{Document, SerializeSettings};
use logistics_core::label::{self, Align, Kind, Placed, Template};
use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};

/// Where a CJK font is looked for, first found wins: `LOGISTICS_LABEL_FONT`, then Debian's
/// packages (fonts-wqy-zenhei, fonts-wqy-microhei, fonts-noto-cjk, fonts-droid-fallback).
const FONT_PATHS: &[&str] = &[
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
];

/// The label font: its bytes (for measuring) and krilla's handle (for drawing).
pub struct LabelFont {
    data: Arc<Vec<u8>>,
    index: u32,
    font: Font,
    pub path: String,
}

static FONT: OnceLock<Option<LabelFont>> = OnceLock::new();

/// The font labels are drawn with, loaded once; None when the machine has none (labels then
/// fail with `label_font_missing`).
pub fn font() -> Option<&'static LabelFont> {
    FONT.get_or_init(|| {
        let configured = std::env::var("LOGISTICS_LABEL_FONT").ok().filter(|p| !p.is_empty());
        let found = configured.iter().map(String::as_str).chain(FONT_PATHS.iter().copied()).find_map(|path| {
            let bytes = std::fs::read(path).ok()?;
            let data = Arc::new(bytes);
            // The first face of a collection (WenQuanYi Zen Hei, Noto Sans CJK JP).
            FontRef::from_index(&data, 0).ok()?;
            let font = Font::new(data.clone().into(), 0)?;
            Some(LabelFont { data, index: 0, font, path: path.to_owned() })
        });
        match &found {
            Some(f) => tracing::info!(path = %f.path, "label font"),
            None => tracing::warn!("no CJK font found for labels: set LOGISTICS_LABEL_FONT or install fonts-wqy-zenhei"),
        }
        found
    })
    .as_ref()
}

/// One label to draw: the template and its placed elements.
pub struct Label<'a> {
    pub template: &'a Template,
    pub placed: Vec<Placed<'a>>,
}

/// Points in a millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;

fn pt(tenths: u32) -> f32 {
    tenths as f32 / 10.0 * PT_PER_MM
}

/// Measures text with the font's own advances (no shaping: Latin and CJK need none).
/// (The character map and advances are read once per document: wrapping measures every token.)
struct Measure<'a> {
    charmap: skrifa::charmap::Charmap<'a>,
    metrics: skrifa::metrics::GlyphMetrics<'a>,
    upem: f32,
}

impl<'a> Measure<'a> {
    fn new(f: &'a LabelFont) -> Option<Measure<'a>> {
        let font = FontRef::from_index(&f.data, f.index).ok()?;
        let upem = f32::from(font.metrics(Size::unscaled(), LocationRef::default()).units_per_em);
        Some(Measure { charmap: font.charmap(), metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()), upem })
    }

    /// The glyphs of `text` (advances in em).
    fn glyphs(&self, text: &str) -> Vec<KrillaGlyph> {
        text.char_indices()
            .map(|(i, c)| {
                let id = self.charmap.map(c).unwrap_or_default();
                let advance = self.metrics.advance_width(id).unwrap_or(0.0) / self.upem;
                KrillaGlyph {
                    glyph_id: GlyphId::new(id.to_u32()),
                    text_range: i..i + c.len_utf8(),
                    x_advance: advance,
                    x_offset: 0.0,
                    y_offset: 0.0,
                    y_advance: 0.0,
                    location: None,
                }
            })
            .collect()
    }
}

fn width(glyphs: &[KrillaGlyph], size: f32) -> f32 {
    glyphs.iter().map(|g| g.x_advance * size).sum()
}

/// Wraps `text` into lines no wider than `max` at `size`: at spaces, or between any two CJK
/// characters; a word wider than the line is cut.
fn wrap(m: &Measure<'_>, text: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut line_width = 0.0;
        for token in tokens(paragraph) {
            let w = width(&m.glyphs(token), size);
            if line_width + w <= max || line.is_empty() && w <= max {
                line.push_str(token);
                line_width += w;
                continue;
            }
            if !line.trim().is_empty() {
                lines.push(line.trim_end().to_owned());
            }
            line = String::new();
            line_width = 0.0;
            let token = token.trim_start();
            // A token wider than a line: cut it by characters.
            for c in token.chars() {
                let cw = width(&m.glyphs(c.encode_utf8(&mut [0; 4])), size);
                if line_width + cw > max && !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                    line_width = 0.0;
                }
                line.push(c);
                line_width += cw;
            }
        }
        if !line.trim().is_empty() {
            lines.push(line.trim_end().to_owned());
        }
    }
    lines
}

/// Break units: a run of non-CJK characters with its leading spaces, or one CJK character.
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let wide = is_wide(c);
        if wide || (c == ' ' && in_word) {
            if i > start {
                out.push(&text[start..i]);
            }
            start = i;
            in_word = false;
            if wide {
                out.push(&text[i..i + c.len_utf8()]);
                start = i + c.len_utf8();
            }
        } else if c != ' ' {
            in_word = true;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

fn is_wide(c: char) -> bool {
    matches!(u32::from(c), 0x2E80..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

fn black() -> Fill {
    Fill { paint: krilla::color::rgb::Color::black().into(), ..Fill::default() }
}

fn white() -> Fill {
    Fill { paint: krilla::color::rgb::Color::white().into(), ..Fill::default() }
}

/// Filled rectangles, one path (bars, QR modules, lines), in points.
fn fill_rects(surface: &mut krilla::surface::Surface<'_>, rects: impl IntoIterator<Item = (f32, f32, f32, f32)>, fill: Fill) {
    let mut pb = PathBuilder::new();
    let mut any = false;
    for (x, y, w, h) in rects {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            pb.push_rect(r);
            any = true;
        }
    }
    if let (true, Some(path)) = (any, pb.finish()) {
        surface.set_stroke(None);
        surface.set_fill(Some(fill));
        surface.draw_path(&path);
    }
}

fn draw_text(surface: &mut krilla::surface::Surface<'_>, f: &LabelFont, m: &Measure<'_>, p: &Placed<'_>) {
    let e = p.element;
    let (x, y, w, h) = (pt(e.x), pt(e.y), pt(e.w), pt(e.h));
    // Shrink to fit, down to 60 %, then cut the lines that do not fit.
    let mut size = e.font_size as f32;
    let min = size * 0.6;
    let mut lines = wrap(m, &p.text, size, w);
    while lines.len() as f32 * size * 1.15 > h + 0.01 && size > min {
        size = (size - 0.5).max(min);
        lines = wrap(m, &p.text, size, w);
    }
    let line_height = size * 1.15;
    let fit = ((h / line_height).floor() as usize).max(1);
    if lines.len() > fit {
        lines.truncate(fit);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && width(&m.glyphs(&format!("{last}…")), size) > w {
                last.pop();
            }
            last.push('…');
        }
    }
    surface.set_fill(Some(if e.inverse { white() } else { black() }));
    surface.set_stroke(e.bold.then(|| Stroke {
        paint: if e.inverse { krilla::color::rgb::Color::white().into() } else { krilla::color::rgb::Color::black().into() },
        width: size * 0.035,
        ..Stroke::default()
    }));
    for (i, line) in lines.iter().enumerate() {
        let glyphs = m.glyphs(line);
        let lw = width(&glyphs, size);
        let dx = match e.align {
            Align::Left => 0.0,
            Align::Center => (w - lw) / 2.0,
            Align::Right => w - lw,
        };
        let baseline = y + size * 0.88 + i as f32 * line_height;
        surface.draw_glyphs(Point::from_xy(x + dx, baseline), &glyphs, f.font.clone(), line, size, false);
    }
    surface.set_stroke(None);
}

/// Code 128 bars in whole dots at `dpi`, centred in the box with its quiet zones.
fn draw_barcode(surface: &mut krilla::surface::Surface<'_>, p: &Placed<'_>, dpi: u32) {
    let Some(values) = label::code128(&p.text) else { return };
    let e = p.element;
    let dot = 25.4 / dpi as f32 * PT_PER_MM;
    let box_dots = label::dots(e.w, dpi);
    let module = label::module_dots(label::modules(&values), box_dots);
    let symbol = (label::modules(&values) + 20) * module;
    let mut at = label::dots(e.x, dpi) + box_dots.saturating_sub(symbol) / 2 + 10 * module;
    let (y, h) = (pt(e.y), pt(e.h));
    let mut bars = Vec::new();
    for (i, w) in label::widths(&values).into_iter().enumerate() {
        let w = u32::from(w) * module;
        if i % 2 == 0 {
            bars.push((at as f32 * dot, y, w as f32 * dot, h));
        }
        at += w;
    }
    fill_rects(surface, bars, black());
}

/// A QR code (error correction M), square, modules in whole dots, a quiet zone of four.
fn draw_qr(surface: &mut krilla::surface::Surface<'_>, p: &Placed<'_>, dpi: u32) {
    let Ok(code) = qrcode::QrCode::with_error_correction_level(p.text.as_bytes(), qrcode::EcLevel::M) else { return };
    let e = p.element;
    let n = code.width();
    let dot = 25.4 / dpi as f32 * PT_PER_MM;
    let side = label::dots(e.w.min(e.h), dpi);
    let module = (side / (n as u32 + 8)).max(1);
    let x0 = label::dots(e.x, dpi) + (side - (n as u32 + 8) * module) / 2 + 4 * module;
    let y0 = label::dots(e.y, dpi) + (side - (n as u32 + 8) * module) / 2 + 4 * module;
    let colors = code.to_colors();
    let mut rects = Vec::new();
    for row in 0..n {
        let mut col = 0;
        while col < n {
            if colors[row * n + col] == qrcode::Color::Dark {
                let start = col;
                while col < n && colors[row * n + col] == qrcode::Color::Dark {
                    col += 1;
                }
                let x = x0 + start as u32 * module;
                let y = y0 + row as u32 * module;
                rects.push((x as f32 * dot, y as f32 * dot, ((col - start) as u32 * module) as f32 * dot, module as f32 * dot));
            } else {
                col += 1;
            }
        }
    }
    fill_rects(surface, rects, black());
}

fn draw_label(surface: &mut krilla::surface::Surface<'_>, f: &LabelFont, m: &Measure<'_>, l: &Label<'_>, dpi: u32) {
    for p in &l.placed {
        let e = p.element;
        match e.kind {
            Kind::Text => draw_text(surface, f, m, p),
            Kind::Barcode => draw_barcode(surface, p, dpi),
            Kind::Qr => draw_qr(surface, p, dpi),
            Kind::Line => {
                let t = pt(e.thickness);
                let (w, h) = if e.h == 0 { (pt(e.w), t) } else { (t, pt(e.h)) };
                fill_rects(surface, [(pt(e.x), pt(e.y), w, h)], black());
            }
            Kind::Rect if e.inverse => fill_rects(surface, [(pt(e.x), pt(e.y), pt(e.w), pt(e.h))], black()),
            Kind::Rect => {
                let (x, y, w, h, t) = (pt(e.x), pt(e.y), pt(e.w), pt(e.h), pt(e.thickness));
                fill_rects(surface, [(x, y, w, t), (x, y + h - t, w, t), (x, y, t, h), (x + w - t, y, t, h)], black());
            }
        }
    }
}

/// Why a PDF could not be made.
#[derive(Debug)]
pub enum RenderError {
    FontMissing,
    Pdf(String),
}

/// One PDF of `labels`: a page each at their size, or four to an A4 page (`size` "a4").
pub fn pdf(labels: &[Label<'_>], size: &str, dpi: u32) -> Result<Vec<u8>, RenderError> {
    let f = font().ok_or(RenderError::FontMissing)?;
    let m = Measure::new(f).ok_or(RenderError::FontMissing)?;
    let settings = SerializeSettings { xmp_metadata: false, ..SerializeSettings::default() };
    let mut document = Document::new_with(settings);
    if size == "a4" {
        let (pw, ph) = (label::A4_MM.0 as f32 * PT_PER_MM, label::A4_MM.1 as f32 * PT_PER_MM);
        let scale = label::A4_SCALE_PERMILLE as f32 / 1000.0;
        for sheet in labels.chunks(4) {
            let mut page =
                document.start_page_with(PageSettings::from_wh(pw, ph).ok_or_else(|| RenderError::Pdf("page".into()))?);
            let mut surface = page.surface();
            for (i, l) in sheet.iter().enumerate() {
                let (cw, ch) = (pw / 2.0, ph / 2.0);
                let dx = (i % 2) as f32 * cw + (cw - 100.0 * PT_PER_MM * scale) / 2.0;
                let dy = (i / 2) as f32 * ch + (ch - 150.0 * PT_PER_MM * scale) / 2.0;
                surface.push_transform(&Transform::from_row(scale, 0.0, 0.0, scale, dx, dy));
                draw_label(&mut surface, f, &m, l, dpi);
                surface.pop();
            }
            surface.finish();
            page.finish();
        }
    } else {
        for l in labels {
            let (w, h) = label::label_mm(&l.template.size).unwrap_or((100, 150));
            let settings = PageSettings::from_wh(w as f32 * PT_PER_MM, h as f32 * PT_PER_MM)
                .ok_or_else(|| RenderError::Pdf("page".into()))?;
            let mut page = document.start_page_with(settings);
            let mut surface = page.surface();
            draw_label(&mut surface, f, &m, l, dpi);
            surface.finish();
            page.finish();
        }
    }
    document.finish().map_err(|e| RenderError::Pdf(format!("{e:?}")))
}

/// ZPL II of `labels`, one `^XA … ^XZ` each.
pub fn zpl(labels: &[Label<'_>], dpi: u32) -> String {
    labels.iter().map(|l| label::zpl(l.template, &l.placed, dpi)).collect()
}
