import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { CHART_COLORS } from '@/lib/ui-constants';

export interface UserStatusDonutProps {
  active: number;
  inactive: number;
}

/**
 * Green for active, red for inactive, no label on the slices
 * (docs/product/admin-screens.md, "Admin Dashboard (`/admin-dashboard`)").
 */
export default function UserStatusDonut({ active, inactive }: UserStatusDonutProps) {
  const data = [
    { name: 'Active', value: active, color: CHART_COLORS.green },
    { name: 'Inactive', value: inactive, color: CHART_COLORS.red },
  ];
  return (
    <figure className="admin-chart" aria-label={`Active vs Inactive: ${active} active, ${inactive} inactive`}>
      <ResponsiveContainer width="100%" height={280}>
        <PieChart>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius="55%"
            outerRadius="80%"
            paddingAngle={active > 0 && inactive > 0 ? 2 : 0}
            label={false}
            labelLine={false}
            isAnimationActive={false}
          >
            {data.map((slice) => (
              <Cell key={slice.name} fill={slice.color} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </figure>
  );
}
