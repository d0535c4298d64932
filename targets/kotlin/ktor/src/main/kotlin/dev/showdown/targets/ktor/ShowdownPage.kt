package dev.showdown.targets.ktor

import io.ktor.server.html.Placeholder
import io.ktor.server.html.Template
import io.ktor.server.html.insert
import kotlinx.html.FlowContent
import kotlinx.html.HTML
import kotlinx.html.UL
import kotlinx.html.a
import kotlinx.html.b
import kotlinx.html.body
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.h4
import kotlinx.html.head
import kotlinx.html.li
import kotlinx.html.meta
import kotlinx.html.p
import kotlinx.html.span
import kotlinx.html.title
import kotlinx.html.ul

/** One record given to the member partial. */
class Member(val name: String)

/** The team, as the original benchmark's controllers hand it to their views. */
val MEMBERS = listOf(Member("Chris McCord"), Member("Matt Sears"), Member("David Stump"), Member("Ricardo Thompson"))

/**
 * The layout, as a Ktor HTML template: the page around a content placeholder. kotlinx.html
 * escapes every text and attribute value it writes.
 */
class LayoutTemplate : Template<HTML> {
    val content = Placeholder<FlowContent>()

    override fun HTML.apply() {
        attributes["lang"] = "en"
        head {
            meta { charset = "utf-8" }
            meta { httpEquiv = "X-UA-Compatible"; this.content = "IE=edge" }
            meta { name = "viewport"; this.content = "width=device-width, initial-scale=1" }
            meta { name = "description"; this.content = "" }
            meta { name = "author"; this.content = "" }
            title { +"Hello Phoenix!" }
        }
        body {
            div("container") {
                div("header") {
                    ul("nav nav-pills pull-right") {
                        li { a("https://github.com/phoenixframework/phoenix") { +"Get Started" } }
                    }
                    span("logo") {}
                }
                insert(content)
                div("footer") {
                    p { a("http://phoenixframework.org") { +"phoenixframework.org" } }
                }
            }
        }
    }
}

/**
 * The index view: the page's text, the title, and each member through [MemberTemplate]. (Not
 * `title`: inside a tag's block that name is the tag's own title attribute.)
 */
class IndexTemplate(private val pageTitle: String, private val members: List<Member>) : Template<FlowContent> {
    override fun FlowContent.apply() {
        div("jumbotron") {
            h2 { +"Welcome to Phoenix!" }
            p("lead") {
                +"Phoenix is an Elixir Web Framework targeting full-featured, fault tolerant applications with realtime functionality."
            }
        }
        div("row marketing") {
            div("col-lg-6") {
                h4 { +"Resources: $pageTitle" }
                ul {
                    li { a("http://api.phoenixframework.org/") { +"Docs" } }
                    li { a("https://github.com/phoenixframework/phoenix") { +"Source" } }
                }
            }
            div("col-lg-6") {
                h4 { +"Help" }
                ul {
                    li { a("https://github.com/phoenixframework/phoenix/issues?state=open") { +"Issues" } }
                    li { a("irc://irc.freenode.net/elixir-lang") { +"#elixir-lang on freenode IRC" } }
                    li { a("https://twitter.com/chris_mccord") { +"@chris_mccord" } }
                }
                h4 { +"Team Members" }
                ul {
                    for (member in members) {
                        insert(MemberTemplate(member)) {}
                    }
                }
            }
        }
    }
}

/** The member partial: one list item. */
class MemberTemplate(private val member: Member) : Template<UL> {
    override fun UL.apply() {
        li {
            b { +"Name:" }
            +" ${member.name}"
        }
    }
}
