//! The pass table of the top-level README is the registry's
//! (`simplify::registry::markdown_table`).

#[test]
fn readme_pass_table_matches_the_registry() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the workspace root");
    let begin = readme
        .find("<!-- passes:begin")
        .expect("README has a passes:begin marker");
    let body_start = begin + readme[begin..].find('\n').expect("marker line ends") + 1;
    let end = readme
        .find("<!-- passes:end -->")
        .expect("passes:end marker");
    let expected = simplify::registry::markdown_table();
    assert!(
        readme[body_start..end] == expected,
        "README.md's pass table differs from the registry; replace it by:\n{expected}"
    );
}
