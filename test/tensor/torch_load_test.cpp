// The real consumers of the written files: when a python3 with torch and
// numpy is installed (Debian: python3-torch), torch.load and numpy.load must
// accept every file the test writers make and see the same values.
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;

namespace {

constexpr const char* kLoadScript = R"(import json, sys
import numpy as np
import torch
result = {}
for path in json.load(open(sys.argv[1])):
    if path.endswith('.pt'):
        t = torch.load(path)
        flat = torch.view_as_real(t.contiguous()) if t.is_complex() else t.to(torch.float64)
        result[path] = dict(dtype=str(t.dtype), shape=list(t.shape), stride=list(t.stride()),
                            offset=t.storage_offset(), requires_grad=t.requires_grad,
                            values=flat.flatten().tolist())
    else:
        a = np.load(path, allow_pickle=False)
        flat = np.stack([a.real, a.imag], -1) if np.iscomplexobj(a) else a.astype(np.float64)
        result[path] = dict(dtype=a.dtype.str, shape=list(a.shape), values=flat.flatten(order='C').tolist())
json.dump(result, open(sys.argv[2], 'w'))
)";

// A python3 that imports torch and numpy, or empty.
std::string python_with_torch() {
    for (const char* candidate : {"python3", "/usr/bin/python3"}) {
        const std::string probe = std::string(candidate) + " -c 'import torch, numpy' >/dev/null 2>&1";
        if (std::system(probe.c_str()) == 0) return candidate;
    }
    return {};
}

struct Expected {
    std::string dtype;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides;
    std::int64_t offset;
    bool requires_grad;
    std::vector<double> values;
};

}  // namespace

TEST_CASE("torch.load and numpy.load accept the written files", "[writers][torch]") {
    const std::string python = python_with_torch();
    if (python.empty()) {
        std::fprintf(stderr, "SKIPPED: no python3 with torch and numpy; written files not checked with torch.load\n");
        return;
    }
    const auto dir = scratch_dir("torch_load");
    std::map<std::string, Expected> expected;
    int index = 0;
    for (const DType dtype : kAllDTypes) {
        for (const auto& g : kGeometries) {
            const bool requires_grad = index % 5 == 0 && (dtype == DType::Float32 || dtype == DType::Float64);
            const auto path = dir / ("Tensor.sample." + std::to_string(index++) + ".pt");
            write_pt(path, dtype, g.shape, g.strides, g.offset, numbered_storage(dtype, g.storage_numel),
                     requires_grad);
            expected[path.string()] = {std::string(torch_name(dtype)), g.shape, g.strides, g.offset, requires_grad,
                                       expected_values(dtype, g.shape, g.strides, g.offset)};
        }
        if (dtype == DType::BFloat16) continue;  // numpy has no bfloat16
        for (const int version : {1, 2, 3}) {
            for (const bool fortran : {false, true}) {
                const std::vector<std::int64_t> shape{2, 3, 2};
                const std::vector<std::int64_t> strides =
                    fortran ? std::vector<std::int64_t>{1, 2, 6} : std::vector<std::int64_t>{6, 2, 1};
                const auto path = dir / ("array." + std::to_string(index++) + ".npy");
                std::string descr = npy_descr(dtype);
                write_tensor_bytes(path, npy_bytes({descr, fortran, version}, shape, numbered_storage(dtype, 12)));
                expected[path.string()] = {descr, shape, {}, 0, false, expected_values(dtype, shape, strides, 0)};
            }
        }
    }
    nlohmann::json paths = nlohmann::json::array();
    for (const auto& [path, _] : expected) paths.push_back(path);
    std::ofstream(dir / "paths.json") << paths.dump();
    std::ofstream(dir / "load.py") << kLoadScript;
    const std::string command = python + " " + (dir / "load.py").string() + " " + (dir / "paths.json").string() + " " +
                                (dir / "loaded.json").string();
    REQUIRE(std::system(command.c_str()) == 0);
    std::ifstream in(dir / "loaded.json");
    std::ostringstream text;
    text << in.rdbuf();
    const auto loaded = nlohmann::json::parse(text.str());
    REQUIRE(loaded.size() == expected.size());
    for (const auto& [path, want] : expected) {
        INFO(path);
        const auto& got = loaded.at(path);
        REQUIRE(got["dtype"].get<std::string>() == want.dtype);
        REQUIRE(got["shape"].get<std::vector<std::int64_t>>() == want.shape);
        REQUIRE(got["values"].get<std::vector<double>>() == want.values);
        if (path.ends_with(".pt")) {
            REQUIRE(got["stride"].get<std::vector<std::int64_t>>() == want.strides);
            REQUIRE(got["offset"].get<std::int64_t>() == want.offset);
            REQUIRE(got["requires_grad"].get<bool>() == want.requires_grad);
        }
    }
}
