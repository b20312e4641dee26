// -save_error_data: a failing API's tensors as torch.save files named
// <full name>.<forward|backward>.<input|output>[.bench|.device].<k>, the
// counter running depth-first over every leaf (a non-tensor leaf takes its
// number too, keyword tensors continue the positional count). The files are
// read back with the project's own .pt reader.
#include "run_ut/error_data.hpp"

#include <ATen/ATen.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/shared_fixtures.hpp"
#include "tensor/tensor_file.hpp"

namespace fs = std::filesystem;
using namespace msprobe;
using run_ut::PyValue;

namespace {

std::set<std::string> files_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

std::vector<double> saved_values(const fs::path& file) {
    return tensor::to_double_vector(tensor::read_tensor_file(file));
}

}  // namespace

TEST_CASE("error data: every tensor of a failing API in its own file", "[run_ut][error_data]") {
    const auto dir = testing::scratch_dir("run_ut_error_data") / "ut_error_data20260101000000";
    run_ut::ApiRunArtifacts a;
    // inputs: a tensor, an int (numbered, not written), a list of two tensors, then a keyword tensor.
    a.inputs.args = {PyValue::of_tensor(at::tensor(std::vector<float>{1, 2})), PyValue::of_int(3),
                     PyValue::list({PyValue::of_tensor(at::tensor(std::vector<float>{4})),
                                    PyValue::of_tensor(at::tensor(std::vector<float>{5}))})};
    a.inputs.kwargs = {{"weight", PyValue::of_tensor(at::tensor(std::vector<float>{6}))}};
    a.bench_out = c10::ivalue::Tuple::create({c10::IValue(at::tensor(std::vector<double>{7})), c10::IValue()});
    a.device_out = c10::IValue(at::tensor(std::vector<float>{8}));
    a.backward_input = c10::IValue(at::tensor(std::vector<double>{9}));
    a.bench_grads = {c10::IValue(at::tensor(std::vector<double>{10})), c10::IValue(),
                     c10::IValue(at::tensor(std::vector<double>{11}))};
    a.device_grads = {c10::IValue(at::tensor(std::vector<float>{12}))};
    run_ut::save_error_data(dir, "Torch.mul.0", a);

    const std::set<std::string> expected = {
        "Torch.mul.0.forward.input.0.pt",         "Torch.mul.0.forward.input.2.pt",
        "Torch.mul.0.forward.input.3.pt",         "Torch.mul.0.forward.input.4.pt",
        "Torch.mul.0.forward.output.bench.0.pt",  "Torch.mul.0.forward.output.device.0.pt",
        "Torch.mul.0.backward.input.0.pt",        "Torch.mul.0.backward.output.bench.0.pt",
        "Torch.mul.0.backward.output.bench.2.pt", "Torch.mul.0.backward.output.device.0.pt",
    };
    REQUIRE(files_in(dir) == expected);
    REQUIRE(saved_values(dir / "Torch.mul.0.forward.input.0.pt") == std::vector<double>{1, 2});
    REQUIRE(saved_values(dir / "Torch.mul.0.forward.input.3.pt") == std::vector<double>{5});
    REQUIRE(saved_values(dir / "Torch.mul.0.forward.input.4.pt") == std::vector<double>{6});  // the keyword
    const auto bench = tensor::read_tensor_file(dir / "Torch.mul.0.forward.output.bench.0.pt");
    REQUIRE(bench.dtype == tensor::DType::Float64);
    REQUIRE(saved_values(dir / "Torch.mul.0.backward.output.bench.2.pt") == std::vector<double>{11});
}

TEST_CASE("error data: a judged dump writes no device output, a view is saved as its own values",
          "[run_ut][error_data]") {
    const auto dir = testing::scratch_dir("run_ut_error_data_view");
    run_ut::ApiRunArtifacts a;
    const auto base = at::arange(6, at::kFloat).reshape({2, 3});
    a.inputs.args = {PyValue::of_tensor(base.t())};  // a transposed view of a larger storage
    a.bench_out = c10::IValue(base.t().to(at::kDouble));
    run_ut::save_error_data(dir, "Tensor.t.0", a);
    REQUIRE(files_in(dir) ==
            std::set<std::string>{"Tensor.t.0.forward.input.0.pt", "Tensor.t.0.forward.output.bench.0.pt"});
    const auto saved = tensor::read_tensor_file(dir / "Tensor.t.0.forward.input.0.pt");
    REQUIRE(saved.shape == std::vector<std::int64_t>{3, 2});
    REQUIRE(tensor::to_double_vector(saved) == std::vector<double>{0, 3, 1, 4, 2, 5});
}
