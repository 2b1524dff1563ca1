import type { ReactNode } from 'react';
import type { TreeIcon } from '../tree-model';

/** 16px line icons for tree nodes (decorative: the label names the node). */
function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <Svg className="tree-chevron">
      <path d="m9 6 6 6-6 6" />
    </Svg>
  );
}

const paths: Record<TreeIcon, ReactNode> = {
  // A folder.
  project: <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  // Stacked layers.
  suite: (
    <>
      <path d="m12 3 9 5-9 5-9-5z" />
      <path d="m3 13 9 5 9-5" />
    </>
  ),
  // A checklist: a case that holds child cases.
  'case-group': (
    <>
      <path d="m4 6 1.5 1.5L8 5M4 12l1.5 1.5L8 11" />
      <path d="M11 6h9M11 12h9M11 18h9" />
    </>
  ),
  // A page with lines: a case without children.
  document: (
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </>
  ),
};

export function NodeIcon({ icon }: { icon: TreeIcon }) {
  return (
    <span className={`tree-icon tree-icon-${icon}`} data-icon={icon}>
      <Svg>{paths[icon]}</Svg>
    </span>
  );
}
