//! Game-independent SVG charts (plotters): rates with intervals, quantile bands, hex maps.

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
pub const COLOURS: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(120, 120, 120),
    RGBColor(0, 0, 0),
];

fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing a chart: {e}")
}

const FONT: &str = "sans-serif";

/// One series of points on a categorical x axis, each with a lower and upper bound.
pub struct RateSeries {
    pub name: String,
    /// (x category index, value, lower, upper).
    pub points: Vec<(usize, f64, f64, f64)>,
}

/// Values with interval bars over categories (e.g. win rate by difficulty), one line per series.
///
/// # Errors
/// Drawing fails.
pub fn rate_chart(
    categories: &[String],
    y_label: &str,
    series: &[RateSeries],
    size: (u32, u32),
) -> Result<String> {
    rate_chart_drawn(categories, y_label, series, size, false)
}

/// [`rate_chart`] whose category labels break at their last ", " onto a second line where
/// they would be wider than their slot, so long labels ("3 players, impossible") never run
/// into each other.
///
/// # Errors
/// Drawing fails.
pub fn rate_chart_wrapped(
    categories: &[String],
    y_label: &str,
    series: &[RateSeries],
    size: (u32, u32),
) -> Result<String> {
    rate_chart_drawn(categories, y_label, series, size, true)
}

/// [`rate_chart`], its labels wrapped when `wrap` (see [`rate_chart_wrapped`]).
fn rate_chart_drawn(
    categories: &[String],
    y_label: &str,
    series: &[RateSeries],
    size: (u32, u32),
    wrap: bool,
) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        // Fitted to the largest upper bound (10% headroom, 1 at most).
        let top = upper(series);
        let ymax = if top <= 0.0 {
            1.0
        } else {
            (top * 1.1).min(1.0).max(top)
        };
        draw_rates(&root, None, categories, y_label, series, ymax, true, wrap)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// A label's lines so that each fits `slot` pixels where it can: whole if it fits, else split
/// at the ", " that best balances two lines.
fn label_lines(label: &str, slot: f64) -> Vec<String> {
    // About 0.6 em per character of the 14-unit sans-serif label (11.3 px in the SVG).
    let width = |t: &str| t.chars().count() as f64 * 6.8;
    if width(label) <= slot {
        return vec![label.to_string()];
    }
    let best = label.match_indices(", ").map(|(i, _)| i).min_by_key(|&i| {
        let (a, b) = (&label[..i + 1], &label[i + 2..]);
        a.chars().count().max(b.chars().count())
    });
    match best {
        Some(i) => vec![label[..i + 1].to_string(), label[i + 2..].to_string()],
        None => vec![label.to_string()],
    }
}

/// The largest upper bound of any point.
fn upper(series: &[RateSeries]) -> f64 {
    series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.3))
        .fold(0.0f64, f64::max)
}

/// One titled rate chart of [`rate_panels`].
pub struct RatePanel {
    pub title: String,
    pub series: Vec<RateSeries>,
}

/// Rate charts side by side (`cols` per line), each `panel` in size, on one y scale from 0 to 1
/// so that panels compare at a glance. A series keeps its colour across panels by position.
///
/// # Errors
/// Drawing fails.
pub fn rate_panels(
    categories: &[String],
    y_label: &str,
    panels: &[RatePanel],
    cols: usize,
    panel: (u32, u32),
) -> Result<String> {
    draw_panels(categories, y_label, panels, cols, panel, 1.0, |_| true)
}

/// [`rate_panels`] for values of any size (points, scores): every panel's y axis runs from 0
/// to the largest upper bound of all panels (5% headroom), so panels still compare at a glance.
/// A panel of one series has no legend (the caption names it).
///
/// # Errors
/// Drawing fails.
pub fn range_panels(
    categories: &[String],
    y_label: &str,
    panels: &[RatePanel],
    cols: usize,
    panel: (u32, u32),
) -> Result<String> {
    let top = panels
        .iter()
        .map(|p| upper(&p.series))
        .fold(0.0f64, f64::max);
    let ymax = if top > 0.0 { top * 1.05 } else { 1.0 };
    draw_panels(categories, y_label, panels, cols, panel, ymax, |p| {
        p.series.len() > 1
    })
}

/// Titled rate charts side by side, every y axis from 0 to `ymax`, a legend where `legend` says.
fn draw_panels(
    categories: &[String],
    y_label: &str,
    panels: &[RatePanel],
    cols: usize,
    panel: (u32, u32),
    ymax: f64,
    legend: impl Fn(&RatePanel) -> bool,
) -> Result<String> {
    let cols = cols.clamp(1, panels.len().max(1));
    let rows = panels.len().div_ceil(cols).max(1);
    let mut svg = String::new();
    {
        let size = (panel.0 * cols as u32, panel.1 * rows as u32);
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        for (area, p) in root.split_evenly((rows, cols)).iter().zip(panels) {
            let title = Some(p.title.as_str());
            draw_rates(
                area,
                title,
                categories,
                y_label,
                &p.series,
                ymax,
                legend(p),
                false,
            )?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// Draws one rate chart on `area`, its y axis from 0 to `ymax`, with a legend if asked, its
/// category labels wrapped where asked ([`rate_chart_wrapped`]).
#[allow(clippy::too_many_arguments)]
fn draw_rates(
    area: &DrawingArea<SVGBackend, Shift>,
    title: Option<&str>,
    categories: &[String],
    y_label: &str,
    series: &[RateSeries],
    ymax: f64,
    legend: bool,
    wrap: bool,
) -> Result<()> {
    let n = categories.len().max(1);
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(12)
        .x_label_area_size(if wrap { 52 } else { 40 })
        .y_label_area_size(60);
    if let Some(t) = title {
        builder.caption(t, (FONT, 15));
    }
    let mut chart = builder
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..ymax)
        .map_err(err)?;
    let cats = categories.to_vec();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(WHITE)
        .x_labels(n + 1)
        .x_label_formatter(&move |x: &f64| {
            let i = x.round();
            if !wrap && (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < cats.len() {
                cats[i as usize].clone()
            } else {
                String::new()
            }
        })
        .y_desc(y_label)
        .label_style((FONT, 14))
        .draw()
        .map_err(err)?;
    if wrap {
        // The labels drawn here, each centred under its point, a line per part.
        let (x0, _) = chart.backend_coord(&(0.0, 0.0));
        let (x1, _) = chart.backend_coord(&(1.0, 0.0));
        let slot = (x1 - x0).abs() as f64 - 8.0;
        let style =
            TextStyle::from((FONT, 14).into_font()).pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Top,
            ));
        for (i, c) in categories.iter().enumerate() {
            let (x, y) = chart.backend_coord(&(i as f64, 0.0));
            for (j, line) in label_lines(c, slot).iter().enumerate() {
                area.draw(&Text::new(
                    line.clone(),
                    (x, y + 8 + 15 * j as i32),
                    style.clone(),
                ))
                .map_err(err)?;
            }
        }
    }
    let k = series.len().max(1) as f64;
    for (si, s) in series.iter().enumerate() {
        let c = colour(si);
        // Spread the series a little sideways so their bars do not overlap.
        let dx = (si as f64 - (k - 1.0) / 2.0) * 0.06;
        let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0 as f64 + dx, p.1)).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
            .map_err(err)?
            .label(s.name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(2)));
        chart
            .draw_series(s.points.iter().map(|p| {
                ErrorBar::new_vertical(p.0 as f64 + dx, p.2, p.1, p.3, c.stroke_width(2), 10)
            }))
            .map_err(err)?;
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 4, c.filled())))
            .map_err(err)?;
    }
    if !legend {
        return Ok(());
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font((FONT, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .draw()
        .map_err(err)?;
    Ok(())
}

/// One panel of quantile bands: a middle line with a shaded lower–upper band.
pub struct BandPanel {
    pub title: String,
    /// (x, lower, middle, upper).
    pub points: Vec<(f64, f64, f64, f64)>,
}

fn grid(panels: usize, cols: usize) -> (usize, usize) {
    let cols = cols.clamp(1, panels.max(1));
    (panels.div_ceil(cols).max(1), cols)
}

/// Small multiples of bands (e.g. face-down tokens by turn, median and 10–90% band), sharing
/// both axes so panels compare at a glance.
///
/// # Errors
/// Drawing fails.
pub fn band_panels(
    panels: &[BandPanel],
    x_label: &str,
    y_label: &str,
    cols: usize,
    panel_size: (u32, u32),
) -> Result<String> {
    let (rows, cols) = grid(panels.len(), cols);
    let size = (panel_size.0 * cols as u32, panel_size.1 * rows as u32);
    let xmax = panels
        .iter()
        .flat_map(|p| p.points.iter().map(|q| q.0))
        .fold(1.0f64, f64::max);
    let ymax = panels
        .iter()
        .flat_map(|p| p.points.iter().map(|q| q.3))
        .fold(1.0f64, f64::max)
        * 1.05;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        for (area, p) in root.split_evenly((rows, cols)).iter().zip(panels) {
            let c = colour(0);
            let mut chart = ChartBuilder::on(area)
                .caption(&p.title, (FONT, 15))
                .margin(8)
                .x_label_area_size(32)
                .y_label_area_size(40)
                .build_cartesian_2d(0f64..xmax, 0f64..ymax)
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(6)
                .y_labels(5)
                .x_label_formatter(&|x: &f64| format!("{x:.0}"))
                .y_label_formatter(&|y: &f64| format!("{y:.0}"))
                .light_line_style(WHITE)
                .label_style((FONT, 12))
                .draw()
                .map_err(err)?;
            let mut band: Vec<(f64, f64)> = p.points.iter().map(|q| (q.0, q.1)).collect();
            band.extend(p.points.iter().rev().map(|q| (q.0, q.3)));
            chart
                .draw_series(std::iter::once(Polygon::new(band, c.mix(0.25).filled())))
                .map_err(err)?;
            chart
                .draw_series(LineSeries::new(
                    p.points.iter().map(|q| (q.0, q.2)),
                    c.stroke_width(2),
                ))
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// One hex map: hexes at axial coordinates (pointy-top, `r` grows downwards) with a value.
pub struct HexPanel {
    pub title: String,
    /// (q, r, value, label drawn in the hex).
    pub hexes: Vec<(i8, i8, f64, String)>,
}

/// Light yellow → orange → dark red for `t` in 0..=1.
pub fn heat(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    let stops = [
        (255.0, 255.0, 204.0),
        (253.0, 141.0, 60.0),
        (189.0, 0.0, 38.0),
    ];
    let (a, b, u) = if t < 0.5 {
        (stops[0], stops[1], t * 2.0)
    } else {
        (stops[1], stops[2], t * 2.0 - 1.0)
    };
    let l = |x: f64, y: f64| (x + (y - x) * u).round() as u8;
    RGBColor(l(a.0, b.0), l(a.1, b.1), l(a.2, b.2))
}

fn hex_centre(q: i8, r: i8) -> (f64, f64) {
    let s3 = 3f64.sqrt();
    (s3 * (q as f64 + r as f64 / 2.0), -1.5 * r as f64)
}

/// Small multiples of hex maps coloured on one shared scale (0 to the largest value of any
/// panel), with a colour key naming `value_label`.
///
/// # Errors
/// Drawing fails.
pub fn hex_panels(
    panels: &[HexPanel],
    value_label: &str,
    cols: usize,
    panel_size: (u32, u32),
) -> Result<String> {
    let (rows, cols) = grid(panels.len(), cols);
    let key_h = 50;
    let size = (
        panel_size.0 * cols as u32,
        panel_size.1 * rows as u32 + key_h,
    );
    let vmax = panels
        .iter()
        .flat_map(|p| p.hexes.iter().map(|h| h.2))
        .fold(0.0f64, f64::max);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for h in panels.iter().flat_map(|p| &p.hexes) {
        let (x, y) = hex_centre(h.0, h.1);
        x0 = x0.min(x - 1.0);
        x1 = x1.max(x + 1.0);
        y0 = y0.min(y - 1.2);
        y1 = y1.max(y + 1.2);
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (-1.0, 1.0, -1.0, 1.0);
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (maps, key) = root.split_vertically(panel_size.1 * rows as u32);
        for (area, p) in maps.split_evenly((rows, cols)).iter().zip(panels) {
            draw_hex_panel(area, p, vmax, (x0, x1, y0, y1))?;
        }
        // Colour key: a strip of 20 swatches from 0 to the maximum.
        let (w, _) = key.dim_in_pixel();
        let left = 20i32;
        let width = (w as i32 - 2 * left).max(100);
        let steps = 20;
        for s in 0..steps {
            let xa = left + width * s / steps;
            let xb = left + width * (s + 1) / steps;
            key.draw(&Rectangle::new(
                [(xa, 8), (xb, 24)],
                heat((s as f64 + 0.5) / steps as f64).filled(),
            ))
            .map_err(err)?;
        }
        let style = TextStyle::from((FONT, 13).into_font()).color(&BLACK);
        key.draw(&Text::new("0".to_string(), (left, 28), style.clone()))
            .map_err(err)?;
        key.draw(&Text::new(
            format!("{value_label}: 0 to {vmax:.2}"),
            (left + width / 2 - 120, 28),
            style.clone(),
        ))
        .map_err(err)?;
        key.draw(&Text::new(
            format!("{vmax:.2}"),
            (left + width - 30, 28),
            style,
        ))
        .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

fn draw_hex_panel(
    area: &DrawingArea<SVGBackend, Shift>,
    p: &HexPanel,
    vmax: f64,
    (x0, x1, y0, y1): (f64, f64, f64, f64),
) -> Result<()> {
    let mut chart = ChartBuilder::on(area)
        .caption(&p.title, (FONT, 15))
        .margin(6)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(err)?;
    for (q, r, v, label) in &p.hexes {
        let (cx, cy) = hex_centre(*q, *r);
        let corners: Vec<(f64, f64)> = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 180.0 * (60.0 * k as f64 + 30.0);
                (cx + a.cos() * 0.97, cy + a.sin() * 0.97)
            })
            .collect();
        let t = if vmax > 0.0 { v / vmax } else { 0.0 };
        chart
            .draw_series(std::iter::once(Polygon::new(
                corners.clone(),
                heat(t).filled(),
            )))
            .map_err(err)?;
        let mut outline = corners;
        outline.push(outline[0]);
        chart
            .draw_series(std::iter::once(PathElement::new(
                outline,
                BLACK.mix(0.5).stroke_width(1),
            )))
            .map_err(err)?;
        let text_colour = if t > 0.6 { WHITE } else { BLACK };
        let style = TextStyle::from((FONT, 12).into_font())
            .color(&text_colour)
            .pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Center,
            ));
        chart
            .draw_series(std::iter::once(Text::new(label.clone(), (cx, cy), style)))
            .map_err(err)?;
    }
    Ok(())
}

/// One line of a [`LinePanel`].
pub struct Line {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// A reference drawn dashed in grey (not a series of its own colour).
    pub dashed: bool,
}

/// One titled chart of [`line_panels`].
pub struct LinePanel {
    pub title: String,
    pub lines: Vec<Line>,
}

/// Small multiples of lines on one pair of axes, both from 0 to 1 (e.g. each rung's per-board
/// win rates, sorted, against the share of boards): a line keeps its colour across panels by its
/// position among the solid lines; the first panel carries the legend.
///
/// # Errors
/// Drawing fails.
pub fn line_panels(
    panels: &[LinePanel],
    x_label: &str,
    y_label: &str,
    cols: usize,
    panel_size: (u32, u32),
) -> Result<String> {
    let (rows, cols) = grid(panels.len(), cols);
    let size = (panel_size.0 * cols as u32, panel_size.1 * rows as u32);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        for (k, (area, p)) in root
            .split_evenly((rows, cols))
            .iter()
            .zip(panels)
            .enumerate()
        {
            let mut chart = ChartBuilder::on(area)
                .caption(&p.title, (FONT, 15))
                .margin(8)
                .x_label_area_size(32)
                .y_label_area_size(44)
                .build_cartesian_2d(0f64..1f64, 0f64..1f64)
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_desc(x_label)
                .y_desc(y_label)
                .x_labels(6)
                .y_labels(6)
                .x_label_formatter(&|x: &f64| format!("{:.0}%", x * 100.0))
                .y_label_formatter(&|y: &f64| format!("{:.0}%", y * 100.0))
                .light_line_style(WHITE)
                .label_style((FONT, 12))
                .draw()
                .map_err(err)?;
            let mut solid = 0;
            for line in &p.lines {
                let style = if line.dashed {
                    BLACK.mix(0.45).stroke_width(2)
                } else {
                    solid += 1;
                    colour(solid - 1).stroke_width(2)
                };
                let drawn = if line.dashed {
                    chart.draw_series(DashedLineSeries::new(line.points.clone(), 6, 4, style))
                } else {
                    chart.draw_series(LineSeries::new(line.points.clone(), style))
                }
                .map_err(err)?;
                if k == 0 {
                    drawn
                        .label(line.name.clone())
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
                }
            }
            if k == 0 {
                chart
                    .configure_series_labels()
                    .position(SeriesLabelPosition::UpperLeft)
                    .label_font((FONT, 12))
                    .background_style(WHITE.mix(0.85))
                    .border_style(BLACK.mix(0.4))
                    .draw()
                    .map_err(err)?;
            }
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// One bar of [`tornado`]: a signed effect with its interval.
pub struct Bar {
    pub label: String,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A tornado chart: horizontal bars from 0 to each value, top to bottom in the given order,
/// with interval whiskers; positive bars blue, negative orange.
///
/// # Errors
/// Drawing fails.
pub fn tornado(bars: &[Bar], x_label: &str) -> Result<String> {
    let n = bars.len().max(1);
    let lo = bars
        .iter()
        .map(|b| b.lo.min(b.value))
        .fold(0.0f64, f64::min);
    let hi = bars
        .iter()
        .map(|b| b.hi.max(b.value))
        .fold(0.0f64, f64::max);
    let pad = ((hi - lo) * 0.08).max(0.5);
    let height = 90 + 34 * n as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(300)
            .build_cartesian_2d((lo - pad)..(hi + pad), -0.5f64..(n as f64 - 0.5))
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(WHITE)
            .y_labels(n + 1)
            .y_label_formatter(&move |y: &f64| {
                let i = y.round();
                // Row 0 at the top.
                let k = n as f64 - 1.0 - i;
                if (y - i).abs() < 1e-6 && k >= 0.0 && (k as usize) < labels.len() {
                    labels[k as usize].clone()
                } else {
                    String::new()
                }
            })
            .x_desc(x_label)
            .label_style((FONT, 14))
            .draw()
            .map_err(err)?;
        let y = |k: usize| (n - 1 - k) as f64;
        chart
            .draw_series(bars.iter().enumerate().map(|(k, b)| {
                let c = if b.value >= 0.0 { colour(0) } else { colour(1) };
                Rectangle::new([(0.0, y(k) - 0.32), (b.value, y(k) + 0.32)], c.filled())
            }))
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(k, b)| {
                ErrorBar::new_horizontal(y(k), b.lo, b.value, b.hi, BLACK.stroke_width(2), 10)
            }))
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
                BLACK.stroke_width(1),
            ))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// One group of [`ladder_chart`]: win rate by knob value, with the chosen values marked.
pub struct LadderSeries {
    pub name: String,
    /// (knob value, win rate, lower, upper) of every value played.
    pub points: Vec<(f64, f64, f64, f64)>,
    /// Knob values chosen for a target (drawn larger).
    pub chosen: Vec<f64>,
}

/// Win rate against a knob's value, one line per group, dashed lines at the target rates.
///
/// # Errors
/// Drawing fails.
pub fn ladder_chart(series: &[LadderSeries], targets: &[f64], x_label: &str) -> Result<String> {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (xmin, xmax) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (xmin, xmax) = if xmin > xmax {
        (0.0, 1.0)
    } else {
        (xmin, xmax)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d((xmin - 0.4)..(xmax + 0.4), 0f64..1f64)
            .map_err(err)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .x_labels(((xmax - xmin) as usize + 2).min(30))
            .x_label_formatter(&|x: &f64| {
                if (x - x.round()).abs() < 1e-6 {
                    format!("{}", x.round())
                } else {
                    String::new()
                }
            })
            .x_desc(x_label)
            .y_desc("win rate")
            .label_style((FONT, 14))
            .draw()
            .map_err(err)?;
        for &t in targets {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(xmin - 0.4, t), (xmax + 0.4, t)],
                    6,
                    4,
                    BLACK.mix(0.5).stroke_width(1),
                ))
                .map_err(err)?;
        }
        for (si, s) in series.iter().enumerate() {
            let c = colour(si);
            let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, p.1)).collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), c.stroke_width(2)))
                .map_err(err)?
                .label(s.name.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], c.stroke_width(2))
                });
            chart
                .draw_series(
                    s.points
                        .iter()
                        .map(|p| ErrorBar::new_vertical(p.0, p.2, p.1, p.3, c.stroke_width(2), 8)),
                )
                .map_err(err)?;
            chart
                .draw_series(pts.iter().map(|&p| {
                    let big = s.chosen.iter().any(|&x| (x - p.0).abs() < 1e-9);
                    Circle::new(p, if big { 7 } else { 3 }, c.filled())
                }))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charts_are_svg_documents() {
        let cats = vec!["a".to_string(), "b".to_string()];
        let s = rate_chart(
            &cats,
            "rate",
            &[RateSeries {
                name: "one".into(),
                points: vec![(0, 0.2, 0.1, 0.3), (1, 0.5, 0.4, 0.6)],
            }],
            (400, 300),
        )
        .unwrap();
        assert!(
            s.starts_with("<svg") && s.trim_end().ends_with("</svg>"),
            "{s}"
        );
        assert!(s.contains("\none\n"), "legend text");
        let b = band_panels(
            &[BandPanel {
                title: "p".into(),
                points: vec![(0.0, 0.0, 1.0, 2.0), (1.0, 1.0, 2.0, 3.0)],
            }],
            "x",
            "y",
            2,
            (300, 200),
        )
        .unwrap();
        assert!(b.contains("<polygon") || b.contains("<path"));
        let h = hex_panels(
            &[HexPanel {
                title: "h".into(),
                hexes: vec![(0, 0, 1.0, "1.0".into()), (1, 0, 0.0, "0".into())],
            }],
            "flips",
            1,
            (300, 300),
        )
        .unwrap();
        assert!(h.contains("\n1.0\n"), "hex label");
        assert_eq!(heat(0.0), RGBColor(255, 255, 204));
        assert_eq!(heat(1.0), RGBColor(189, 0, 38));
    }
}
