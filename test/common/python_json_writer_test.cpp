// The JSON layouts msprobe's analysis files use: json.dump(indent=4) for the
// per-rank compare results, indent=2 for diff_analyze / anomaly_analyze.
#include <catch2/catch.hpp>

#include <cmath>

#include "common/python_json_writer.hpp"

TEST_CASE("JsonWriter indents like json.dump(indent=4) and (indent=2)", "[common]") {
    auto write = [](int indent) {
        msprobe::py::JsonWriter w(indent);
        w.begin_object();
        w.key("Torch.mul.0.forward");
        w.begin_object();
        w.key("is_same");
        w.boolean(false);
        w.key("op_items");
        w.begin_array();
        w.begin_object();
        w.key("NPU max");
        w.number(5.8950000000000005);
        w.key("NPU min");
        w.integer(-1);
        w.key("Max diff");
        w.number(std::nan(""));
        w.key("NPU_Stack_Info");
        w.begin_array();
        w.string("File /home/user/model.py, line 10, in forward, \n y = op(x)");
        w.end_array();
        w.end_object();
        w.end_array();
        w.end_object();
        w.key("empty");
        w.begin_object();
        w.end_object();
        w.end_object();
        return w.text();
    };
    CHECK(write(4) ==
          "{\n"
          "    \"Torch.mul.0.forward\": {\n"
          "        \"is_same\": false,\n"
          "        \"op_items\": [\n"
          "            {\n"
          "                \"NPU max\": 5.8950000000000005,\n"
          "                \"NPU min\": -1,\n"
          "                \"Max diff\": NaN,\n"
          "                \"NPU_Stack_Info\": [\n"
          "                    \"File /home/user/model.py, line 10, in forward, \\n y = op(x)\"\n"
          "                ]\n"
          "            }\n"
          "        ]\n"
          "    },\n"
          "    \"empty\": {}\n"
          "}");
    CHECK(write(2).rfind("{\n  \"Torch.mul.0.forward\": {\n    \"is_same\": false,", 0) == 0);
}
