//! Front-end speed: parse, resolve and check every bundled file (issue 2 asks for well under
//! 10 ms for all of them in a release build). Run: `cargo bench --bench front_end`.

use criterion::{criterion_group, criterion_main, Criterion};
use kartya::source::{Origin, SourceSet};

fn check_all() -> usize {
    let mut ok = 0;
    for b in kartya::bundled::all() {
        let mut sources = SourceSet::new();
        let id = sources.add(kartya::bundled::display_path(&b), b.text, Origin::Bundled);
        let loaded = kartya::load::load(&mut sources, id, &[]);
        ok += usize::from(loaded.variant.is_some());
    }
    ok
}

fn bench(c: &mut Criterion) {
    c.bench_function("parse+check all bundled files", |b| b.iter(check_all));
    let text = kartya::bundled::find("alsos-3p")
        .map(|b| b.text)
        .unwrap_or_default();
    c.bench_function("parse alsos-3p", |b| {
        b.iter(|| {
            let mut s = SourceSet::new();
            let id = s.add("alsos-3p", text, Origin::Bundled);
            kartya::syntax::parse(id, text).is_ok()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
