import { CONTENT_BLOCKS } from './constants';
import { useContentBlock } from './useContentBlock';

/** The site's footer: the `site-footer` content block, as plain text; nothing when the block is empty. */
export function SiteFooter() {
  const text = useContentBlock(CONTENT_BLOCKS.footer);
  if (!text) return null;
  return (
    <footer className="site-footer" data-testid="site-footer">
      {text}
    </footer>
  );
}
