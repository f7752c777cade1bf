// The web app in web/dist is embedded at compile time; rebuild when it is rebuilt.
fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
}
