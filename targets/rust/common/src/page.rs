//! The showdown page: a layout (`layout.html`) wrapping an index view (`index.html`) that renders
//! each team member through a partial (`member.html`). askama compiles the templates into the
//! binary and HTML-escapes every value (`{{ title }}`), since the files end in `.html`.

use askama::Template;

/// One record given to the member partial.
pub struct Member {
    pub name: &'static str,
}

/// The team, as the original benchmark's controllers hand it to their views.
pub const MEMBERS: [Member; 4] = [
    Member { name: "Chris McCord" },
    Member { name: "Matt Sears" },
    Member { name: "David Stump" },
    Member { name: "Ricardo Thompson" },
];

/// The data of one request's page: the title is the path segment.
#[derive(Template)]
#[template(path = "index.html")]
pub struct ShowdownPage<'a> {
    pub title: &'a str,
    pub members: &'a [Member],
}

impl<'a> ShowdownPage<'a> {
    pub fn new(title: &'a str) -> Self {
        ShowdownPage { title, members: &MEMBERS }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_the_title_and_lists_every_member() {
        let html = ShowdownPage::new("a<b>").render().unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(html.contains("<h4>Resources: a&#60;b&#62;</h4>") || html.contains("<h4>Resources: a&lt;b&gt;</h4>"), "{html}");
        assert_eq!(html.matches("<li><b>Name:</b> ").count(), 4);
        assert!(html.contains("<li><b>Name:</b> Ricardo Thompson</li>"));
    }
}
