// The frames of a call stack that show a layer run again by PyTorch's checkpointing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graph/recompute_stack.hpp"

using msprobe::graph::stack_shows_recompute;

TEST_CASE("recompute_stack: checkpoint frames that confirm a recomputed layer", "[graph][recompute]") {
    const std::string autograd =
        "File /usr/lib/python3/site-packages/torch/autograd/function.py, line 553, in apply, \n x";
    const std::string backward = "File /work/train/layers.py, line 40, in backward, \n y";
    const std::string other = "File /work/train/model.py, line 10, in forward, \n z";
    const auto shows = [&](std::vector<std::string> frames) { return stack_shows_recompute(&frames); };

    const std::string recompute_fn =
        "File /usr/lib/python3/site-packages/torch/utils/checkpoint.py, line 1, in recompute_fn, \n r";
    CHECK(shows({other, recompute_fn}));
    CHECK_FALSE(shows({"File /work/my/checkpoint.py, line 1, in recompute_fn, \n r"}));
    CHECK(shows({backward, autograd}));
    CHECK(shows({backward, other, autograd}));
    CHECK_FALSE(shows({backward, other, other, autograd}));
    CHECK_FALSE(shows({autograd, backward}));
    // A line without ", in " is no frame and does not count in the distance.
    CHECK(shows({backward, "<frozen>", other, autograd}));
    CHECK(shows({"File /work/megatron/core/tensor_parallel/random.py, line 9, in checkpoint_function_backward, \n c",
                 other, autograd}));
    CHECK_FALSE(shows({"File /work/mine/random.py, line 9, in checkpoint_function_backward, \n c", autograd}));
    CHECK_FALSE(shows({}));
    CHECK_FALSE(stack_shows_recompute(nullptr));
}
