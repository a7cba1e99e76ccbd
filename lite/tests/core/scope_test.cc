#include <gtest/gtest.h>

#include "lite/core/scope.h"

namespace paddle {
namespace lite {

TEST(Scope, ChildSeesParentButNotTheOtherWay) {
  Scope root;
  root.Var("w")->GetMutable<Tensor>()->Resize({3});
  Scope& child = root.NewScope();
  child.Var("act");
  EXPECT_NE(child.FindVar("w"), nullptr);
  EXPECT_EQ(child.FindLocalVar("w"), nullptr);
  EXPECT_EQ(root.FindVar("act"), nullptr);
  EXPECT_EQ(child.Var("w"), root.FindVar("w"));  // Var() finds before it creates
  EXPECT_EQ(child.FindTensor("w")->dims(), DDim({3}));
  root.DeleteScope(&child);
}

TEST(Scope, TensorLookupLeavesListsAlone) {
  Scope scope;
  scope.Var("feed")->GetMutable<TensorList>()->resize(2);
  EXPECT_EQ(scope.FindTensor("feed"), nullptr);
  EXPECT_EQ(scope.FindVar("feed")->Get<TensorList>().size(), 2u);
}

TEST(Variable, HoldsTensorOrList) {
  Variable v;
  EXPECT_FALSE(v.IsType<Tensor>());
  v.GetMutable<TensorList>()->resize(2);
  EXPECT_TRUE(v.IsType<TensorList>());
  EXPECT_THROW(v.Get<Tensor>(), PaddleLiteException);
}

// Ops keep pointers to what a variable holds, so it never becomes the other kind.
TEST(Variable, NeverChangesKind) {
  Variable v;
  Tensor* t = v.GetMutable<Tensor>();
  try {
    v.GetMutable<TensorList>();
    ADD_FAILURE() << "a tensor variable became a list";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("variable holds a tensor, not a tensor list"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(v.GetMutable<Tensor>(), t);
  Variable list;
  list.GetMutable<TensorList>();
  EXPECT_THROW(list.GetMutable<Tensor>(), PaddleLiteException);
}

}  // namespace lite
}  // namespace paddle
