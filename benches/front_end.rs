//! Front-end speed: parse, resolve and check every bundled file (issue 2 asks for well under
//! 10 ms for all of them in a release build). Run: `cargo bench --bench front_end`.

use criterion::{criterion_group, criterion_main, Criterion};
use kartya::source::{Origin, SourceSet};

fn bench(c: &mut Criterion) {
    c.bench_function("check all bundled files (each parsed once)", |b| {
        b.iter(|| {
            let mut sources = SourceSet::new();
            kartya::load::load_all_bundled(&mut sources)
                .iter()
                .filter(|(_, l)| l.variant.is_some())
                .count()
        })
    });
    let text = kartya::bundled::find("alsos-3p").map(|b| b.text).unwrap_or_default();
    c.bench_function("parse alsos-3p", |b| {
        b.iter(|| {
            let mut s = SourceSet::new();
            let id = s.add("alsos-3p", text, Origin::Bundled);
            kartya::syntax::parse(id, text).is_ok()
        })
    });
    c.bench_function("check alsos-3p alone", |b| {
        b.iter(|| {
            let mut s = SourceSet::new();
            let id = s.add("alsos-3p", text, Origin::Bundled);
            kartya::load::load(&mut s, id, &[]).variant.is_some()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
