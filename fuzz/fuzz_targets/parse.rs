//! Any bytes through the SMT-LIB reader: no panic, and a script that parses
//! prints to text that parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(script) = smtlib_io::parse_script(source) else {
        return;
    };
    let printed = smtlib_io::print_script(&script);
    if let Err(e) = smtlib_io::parse_script(&printed) {
        panic!(
            "printed script does not reparse: {}\n--- printed ---\n{printed}",
            e.render("<printed>", &printed)
        );
    }
});
