// MD5 (RFC 1321's test suite) and name-based UUIDs as Python's
// uuid.uuid3(uuid.NAMESPACE_DNS, name).hex makes them, which msprobe gives
// over-long output names; the expected UUIDs beyond Python's documented
// example were made by Python's uuid module.
#include "parse/name_uuid.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using msprobe::parse::dns_uuid3_hex;
using msprobe::parse::md5_hex;

TEST_CASE("MD5 and name-based UUIDs match RFC 1321 and Python's uuid3", "[parse][name_uuid]") {
    const std::map<std::string, std::string> rfc1321{
        {"", "d41d8cd98f00b204e9800998ecf8427e"},
        {"a", "0cc175b9c0f1b6a831c399e269772661"},
        {"abc", "900150983cd24fb0d6963f7d28e17f72"},
        {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57edf4a22be3c955ac49da2e2107b67a"},
    };
    for (const auto& [text, digest] : rfc1321) CHECK(md5_hex(text) == digest);
    CHECK(dns_uuid3_hex("python.org") == "6fa459eaee8a3ca4894edb77e160355e");  // Python's documented example
}

TEST_CASE("name uuid: names across MD5's block boundary and in UTF-8", "[parse][name_uuid]") {
    // The 16-byte namespace comes first: 47 and 48 bytes of name end on either side of one 64-byte block's room.
    CHECK(dns_uuid3_hex("") == "c87ee6744ddc3efea74edfe25da5d7b3");
    CHECK(dns_uuid3_hex("www.example.com") == "5df418813aed351588a72f4a814cf09e");
    CHECK(dns_uuid3_hex(std::string(47, 'a')) == "f41abfa001e634a5ad0c0c9835688c00");
    CHECK(dns_uuid3_hex(std::string(48, 'a')) == "12adee6cb187318d82d2f934bf55422b");
    CHECK(dns_uuid3_hex(std::string(300, 'x')) == "8f34175878753437b7192159039844c3");
    CHECK(dns_uuid3_hex("Conv2D.conv1.1.2.1700000000000000.input.0.npy") == "097362e412d3355fb3673124be401c82");
    CHECK(dns_uuid3_hex("\xc3\xa9\xe4\xb8\xad") == "ed07742ca6933ff5a684f76f7246c8fd");  // "é中"
    CHECK(md5_hex(std::string(1000, 'a')) == "cabe45dcc9ae5b66ba86600cca6b8ba8");
    std::string binary;
    for (int i = 0; i < 40; ++i) binary += std::string("\x00\xff", 2);
    CHECK(md5_hex(binary) == "b88bc35741f7c93ff0249e3fec5eb722");
}

TEST_CASE("name uuid: version 3 and RFC 4122's variant are stamped in", "[parse][name_uuid]") {
    for (const char* name : {"", "a", "Functional.linear.0.forward", "a much longer name than the others"}) {
        const std::string id = dns_uuid3_hex(name);
        INFO(name);
        REQUIRE(id.size() == 32);
        CHECK(id.find_first_not_of("0123456789abcdef") == std::string::npos);
        CHECK(id[12] == '3');                                          // the version nibble
        CHECK(std::string("89ab").find(id[16]) != std::string::npos);  // variant bits 10xx
    }
}
