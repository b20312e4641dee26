// A text a row often lacks, in 8 bytes: absent, owned or borrowed, copied and
// moved as a value.
#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include "dump/optional_text.hpp"

using msprobe::dump::OptionalText;

TEST_CASE("an optional text is absent, owned or borrowed", "[dump][optional_text]") {
    const OptionalText absent;
    CHECK_FALSE(absent.has_value());
    CHECK(absent.value_or_empty().empty());
    CHECK(absent == OptionalText(std::nullopt));

    const OptionalText owned("d41d8cd9");
    REQUIRE(owned.has_value());
    CHECK(*owned == "d41d8cd9");
    CHECK(owned->size() == 8);
    CHECK(owned == std::string("d41d8cd9"));
    CHECK_FALSE(owned == absent);

    static const std::string shared = "00000000";
    const OptionalText borrowed = OptionalText::borrowed(shared);
    REQUIRE(borrowed.has_value());
    CHECK(&*borrowed == &shared);  // the shared text itself, not a copy
    CHECK(borrowed == OptionalText("00000000"));
}

TEST_CASE("an optional text copies its own text, keeps a borrowed one borrowed and moves without copying",
          "[dump][optional_text]") {
    const OptionalText owned(std::string("abc"));
    const OptionalText copy = owned;  // NOLINT(performance-unnecessary-copy-initialization)
    CHECK(copy == owned);
    CHECK(&*copy != &*owned);

    static const std::string shared = "shared";
    const OptionalText borrowed = OptionalText::borrowed(shared);
    const OptionalText borrowed_copy = borrowed;  // NOLINT(performance-unnecessary-copy-initialization)
    CHECK(&*borrowed_copy == &shared);

    OptionalText from("moved");
    const std::string* text = &*from;
    OptionalText to(std::move(from));
    CHECK(&*to == text);
    CHECK_FALSE(from.has_value());  // NOLINT(bugprone-use-after-move)

    OptionalText assigned;
    assigned = to;
    CHECK(*assigned == "moved");
    assigned = OptionalText();
    CHECK_FALSE(assigned.has_value());
    CHECK(sizeof(OptionalText) == 8);
}
