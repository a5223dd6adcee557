#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@class Post;
@protocol PostCellDelegate;

/// A cell showing a post's title, category and date.
@interface PostCell : UITableViewCell

@property (nonatomic, readonly, strong) UILabel *titleLabel;
@property (nonatomic, readonly, strong) UILabel *detailLabel;
@property (nonatomic, weak, nullable) id<PostCellDelegate> delegate;
@property (class, nonatomic, readonly) NSString *reuseIdentifier;

+ (CGFloat)heightForPost:(Post *)post width:(CGFloat)width;
- (void)configureWithPost:(Post *)post highlighted:(BOOL)highlighted NS_SWIFT_NAME(configure(with:highlighted:));

@end

@protocol PostCellDelegate <NSObject>
@required
- (void)postCellDidTapShare:(PostCell *)cell;
@optional
- (BOOL)postCell:(PostCell *)cell shouldOpenURL:(NSURL *)url;
@end

typedef NS_ENUM(NSInteger, PostCellStyle) {
    PostCellStyleCompact = 0,
    PostCellStyleRegular,
    PostCellStyleFeatured = 1 << 4,
};

FOUNDATION_EXPORT NSString *PostCellStyleName(PostCellStyle style);

NS_ASSUME_NONNULL_END
