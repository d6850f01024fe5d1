//! The rules files of variants/, embedded at build time: lookup by name, listing.

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// One bundled file.
#[derive(Debug, Clone, Copy)]
pub struct Bundled {
    /// Path under variants/, e.g. `examples/tuesday-club.kartya`.
    pub path: &'static str,
    /// The name users type: the file stem, e.g. `tuesday-club`.
    pub name: &'static str,
    pub text: &'static str,
}

/// Every bundled file, in path order.
pub fn all() -> impl Iterator<Item = Bundled> {
    BUNDLED.iter().map(|(path, text)| {
        let stem = path.rsplit('/').next().unwrap_or(path);
        let name = stem.strip_suffix(".kartya").unwrap_or(stem);
        Bundled { path, name, text }
    })
}

/// The bundled file with this name.
pub fn find(name: &str) -> Option<Bundled> {
    all().find(|b| b.name == name)
}

/// The display name of a bundled file in diagnostics: `variants/<path>`.
pub fn display_path(b: &Bundled) -> String {
    format!("variants/{}", b.path)
}
