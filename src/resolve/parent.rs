//! Where an `extends` points: takes the name of the file that says it and the word after
//! `extends`, gives the path of the local file it means (a path relative to that file, or
//! `NAME.kartya` beside it). The library reads no disk: the CLI reads the file at that path into
//! the `SourceSet` first, and `Resolver::lookup` finds it there by the same path.

/// Whether the word after `extends` is a path (`../szerda.kartya`) rather than a name.
pub fn is_path(target: &str) -> bool {
    target.ends_with(".kartya") || target.contains('/') || target.contains('\\')
}

/// The path a parent is looked for at: `target` relative to the folder of `from` (the name the
/// extending file was loaded under) when it is a path, else `NAME.kartya` in that folder.
pub fn parent_path(from: &str, target: &str) -> String {
    let file = if is_path(target) {
        target.to_string()
    } else {
        format!("{target}.kartya")
    };
    if file.starts_with('/') {
        return normalize(&file);
    }
    let dir = match from.rfind('/') {
        Some(i) => &from[..=i],
        None => "",
    };
    normalize(&format!("{dir}{file}"))
}

/// A path with `.` and `x/..` taken out, written with `/`: `club/../szerda.kartya` is
/// `szerda.kartya`, `./a.kartya` is `a.kartya`. Leading `..` stay.
pub fn normalize(path: &str) -> String {
    let path = path.replace('\\', "/");
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            ".." if absolute => {}
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::{normalize, parent_path};

    #[test]
    fn parents_are_found_beside_the_file() {
        assert_eq!(parent_path("csutortok.kartya", "szerda"), "szerda.kartya");
        assert_eq!(parent_path("club/csutortok.kartya", "szerda"), "club/szerda.kartya");
        assert_eq!(parent_path("club/x.kartya", "../szerda.kartya"), "szerda.kartya");
        assert_eq!(parent_path("x.kartya", "../szerda.kartya"), "../szerda.kartya");
        assert_eq!(parent_path("/a/b/x.kartya", "../c/y.kartya"), "/a/c/y.kartya");
    }

    #[test]
    fn normalizing_keeps_leading_parents() {
        assert_eq!(normalize("./a.kartya"), "a.kartya");
        assert_eq!(normalize("../../a.kartya"), "../../a.kartya");
        assert_eq!(normalize("a/./b/../c.kartya"), "a/c.kartya");
    }
}
