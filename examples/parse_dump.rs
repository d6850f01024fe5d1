fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut s = kartya::source::SourceSet::new();
    let id = s.add(path.clone(), text.clone(), kartya::source::Origin::User);
    match kartya::syntax::parse(id, &text) {
        Ok(ast) => println!("{} statements", ast.stmts.len()),
        Err(d) => print!("{}", kartya::diag::render_plain(&d, &s, 100)),
    }
}
