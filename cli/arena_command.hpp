#pragma once
// What `camelot arena` reads of its command line beyond the options themselves.

#include <string>
#include <vector>

namespace camelot::cli {

// "net:a.ckpt,sims=64,random,alphabeta:depth=2" -> {"net:a.ckpt,sims=64", "random",
// "alphabeta:depth=2"}: an item of the form key=value continues the spec before it. Throws
// UsageError on an empty item.
std::vector<std::string> splitPlayerList(const std::string& list);

}  // namespace camelot::cli
